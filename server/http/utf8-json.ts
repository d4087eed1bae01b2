/**
 * JSON bodies are read as bytes and must be valid UTF-8: Fastify's own parser decodes invalid bytes to
 * U+FFFD, so a broken client's text would be stored changed and nobody told. Invalid → a Chinese 400.
 * The JSON itself is then parsed by Fastify's default parser (prototype-poisoning protection included).
 */
import type { FastifyInstance } from 'fastify'
import { badRequest } from './envelope'

/** The message for a body whose bytes are not UTF-8. */
export const MSG_NOT_UTF8 = '请求体不是有效的 UTF-8 文本'

export function parseJsonAsUtf8(app: FastifyInstance): void {
  const parseText = app.getDefaultJsonParser('error', 'error')
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = decoder.decode(body as Buffer)
    } catch {
      done(badRequest(MSG_NOT_UTF8), undefined)
      return
    }
    // The default parser is synchronous and reports through done().
    void parseText(request, text, done)
  })
}
