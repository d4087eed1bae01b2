/**
 * PostgreSQL (and PGlite) cannot store U+0000 in text: a NUL in any string that reaches a query
 * fails it with SQLSTATE 22021, a 500. Nor can UTF-8 carry a lone surrogate (`"\ud800"` in JSON):
 * the driver would store U+FFFD instead, silently. JSON and percent-encoding both carry them happily,
 * so every string of the query, path and body is checked once, here, before the schemas and the
 * handlers. (Invalid UTF-8 bytes in a JSON body are refused as it is read: utf8-json.ts.)
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

/** The message of a string with a lone surrogate. */
export const unicodeMessage = (field: string) => `参数 ${field} 包含无效的 Unicode 字符`

/** Whether `text` contains U+0000. */
export const hasNul = (text: string) => text.includes('\0')

/** A UTF-16 surrogate without its pair (with the `u` flag, a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u

/** What is wrong with `text` for storage, if anything. */
function flaw(text: string): 'nul' | 'unicode' | null {
  if (hasNul(text)) return 'nul'
  return LONE_SURROGATE.test(text) ? 'unicode' : null
}

/**
 * The first string or key in `value` that contains U+0000 or a lone surrogate: its path (`tags[0]`,
 * `''` when it is `value` itself) and the flaw, or null when there is none. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findUnstorable(value: unknown): { path: string; flaw: 'nul' | 'unicode' } | null {
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length > 0) {
    const [current, path] = stack.pop()!
    if (typeof current === 'string') {
      const found = flaw(current)
      if (found) return { path, flaw: found }
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}[${i}]`])
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current).reverse()) {
        const child = path ? `${path}.${key}` : key
        const found = flaw(key)
        if (found) return { path: child, flaw: found }
        stack.push([(current as Record<string, unknown>)[key], child])
      }
    }
  }
  return null
}

/**
 * Whether every percent-escape of the raw query decodes to valid UTF-8. Fastify's query parser keeps an
 * undecodable value as its raw text (`%FF`), which would then be looked up or stored as if meant.
 */
function queryIsUtf8(url: string): boolean {
  const at = url.indexOf('?')
  if (at < 0) return true
  return url
    .slice(at + 1)
    .split(/[&=]/)
    .every((part) => {
      try {
        decodeURIComponent(part.replaceAll('+', ' '))
        return true
      } catch {
        return false
      }
    })
}

/**
 * preValidation hook: 400 for a query whose escapes are not UTF-8, and for any string with U+0000 or a
 * lone surrogate in the query, path or JSON body.
 */
export const rejectNul: preValidationAsyncHookHandler = async (request) => {
  if (!queryIsUtf8(request.url)) throw badRequest(unicodeMessage('查询参数'))
  for (const [part, name] of PARTS) {
    const found = findUnstorable(request[part])
    if (!found) continue
    const field = found.path.replaceAll('\0', '\\0').replace(/\p{Cs}/gu, '\uFFFD') || name
    throw badRequest(found.flaw === 'nul' ? nulMessage(field) : unicodeMessage(field))
  }
}
