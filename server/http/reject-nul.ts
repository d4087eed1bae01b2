/**
 * PostgreSQL (and PGlite) cannot store U+0000 in text: a NUL in any string that reaches a query
 * fails it with SQLSTATE 22021, a 500. JSON and percent-encoding both carry NUL happily, so every
 * string of the query, path and body is checked once, here, before the schemas and the handlers.
 */
import type { preValidationAsyncHookHandler } from 'fastify'
import { badRequest } from './envelope'

const PARTS = [
  ['query', '查询参数'],
  ['params', '路径参数'],
  ['body', '请求体'],
] as const

/** The message of a refused string; `field` as the schema messages name it (`tags[0]`, `a.b`). */
export const nulMessage = (field: string) => `参数 ${field} 包含不允许的空字符`

/** Whether `text` contains U+0000. */
export const hasNul = (text: string) => text.includes('\0')

/**
 * The path (`tags[0]`) of the first string or key in `value` that contains U+0000, `''` when it is
 * `value` itself, or null when there is none. Iterative, so a deeply nested body cannot overflow the
 * stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length > 0) {
    const [current, path] = stack.pop()!
    if (typeof current === 'string') {
      if (hasNul(current)) return path
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}[${i}]`])
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current).reverse()) {
        const child = path ? `${path}.${key}` : key
        if (hasNul(key)) return child
        stack.push([(current as Record<string, unknown>)[key], child])
      }
    }
  }
  return null
}

/** preValidation hook: 400 for any string containing U+0000 in the query, path or JSON body. */
export const rejectNul: preValidationAsyncHookHandler = async (request) => {
  for (const [part, name] of PARTS) {
    const path = findNul(request[part])
    if (path !== null) throw badRequest(nulMessage(path.replaceAll('\0', '\\0') || name))
  }
}
