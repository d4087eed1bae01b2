/**
 * Turns Ajv validation errors into one Chinese message (Fastify `schemaErrorFormatter`).
 * Field names stay as the client sent them (`title`, `ids[2]`) so a developer can find them.
 */
import type { FastifySchemaValidationError } from 'fastify'

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  null: 'null',
}

const PART_NAMES: Record<string, string> = {
  body: '请求体',
  params: '路径参数',
  querystring: '查询参数',
  headers: '请求头',
}

/** `/ids/2` → `ids[2]`, `/a/b` → `a.b`. */
function fieldName(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('')
}

/** One Chinese sentence for one Ajv error. */
export function describeValidationError(error: FastifySchemaValidationError, part: string): string {
  const params = (error.params ?? {}) as Record<string, unknown>
  const path = fieldName(error.instancePath ?? '')
  const field = path || (PART_NAMES[part] ?? part)
  const limit = params.limit
  switch (error.keyword) {
    case 'required':
      return `缺少参数 ${path ? `${path}.` : ''}${String(params.missingProperty)}`
    case 'type': {
      const names = String(params.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t)
      return path ? `参数 ${field} 应为${names.join('或')}` : `${field}应为${names.join('或')}`
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `参数 ${field} 超出允许范围`
    case 'minLength':
      return limit === 1 ? `参数 ${field} 不能为空` : `参数 ${field} 至少 ${String(limit)} 个字符`
    case 'maxLength':
      return `参数 ${field} 不能超过 ${String(limit)} 个字符`
    case 'pattern':
    case 'format':
      return `参数 ${field} 格式不正确`
    case 'enum':
    case 'const':
      return `参数 ${field} 取值无效`
    case 'minItems':
      return `参数 ${field} 至少需要 ${String(limit)} 项`
    case 'maxItems':
      return `参数 ${field} 最多 ${String(limit)} 项`
    case 'uniqueItems':
      return `参数 ${field} 不能包含重复项`
    case 'additionalProperties':
      return `不支持的参数 ${String(params.additionalProperty)}`
    default:
      return `参数 ${field} 无效`
  }
}

/** Fastify `schemaErrorFormatter`: the first error as a Chinese message. */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0]
  return new Error(first ? describeValidationError(first, dataVar) : '请求参数无效')
}
