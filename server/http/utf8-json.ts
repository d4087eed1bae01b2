/**
 * JSON bodies are read as bytes and must be valid UTF-8: Fastify's own parser decodes invalid bytes to
 * U+FFFD, so a broken client's text would be stored changed and nobody told. Invalid → a Chinese 400.
 * The JSON itself is then parsed by Fastify's default parser (prototype-poisoning protection included;
 * a body refused for a `__proto__` key is told so, not that it is no JSON).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from './envelope'

/** What `addContentTypeParser` takes for a body read whole as a buffer. */
type ContentTypeParserDoneFunction = (
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
) => void

/** The message for a body whose bytes are not UTF-8. */
export const MSG_NOT_UTF8 = '请求体不是有效的 UTF-8 文本'

/** The message for valid JSON that the parser refuses for a key that could poison prototypes. */
export const MSG_PROTO_KEY = '请求体不能包含 __proto__ 或 constructor.prototype 字段'

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** A content-type parser (`parseAs: 'buffer'`) that reads the body as UTF-8 JSON, as described above. */
export function utf8JsonParser(app: FastifyInstance): ContentTypeParserDoneFunction {
  const parseText = app.getDefaultJsonParser('error', 'error')
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  return (request, body, done) => {
    let text: string
    try {
      text = decoder.decode(body as Buffer)
    } catch {
      done(badRequest(MSG_NOT_UTF8), undefined)
      return
    }
    // The default parser is synchronous and reports through done(). It refuses `__proto__` (and
    // `constructor.prototype`) keys with the same error as broken JSON: tell them apart.
    void parseText(request, text, (error, value) => {
      if (error && isJson(text)) done(badRequest(MSG_PROTO_KEY), undefined)
      else done(error, value)
    })
  }
}

export function parseJsonAsUtf8(app: FastifyInstance): void {
  const parser = utf8JsonParser(app)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser)
}
