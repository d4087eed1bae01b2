/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line or header, a
 * header block too large or too slow): answered with the API envelope and a Chinese message, like
 * every other refusal, instead of Fastify's `{"error":"Bad Request","message":"Client Error"}`.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError, FastifyInstance, onRequestAsyncHookHandler } from 'fastify'
import { badRequest, resultForStatus } from './envelope'

/** Status and message for a parser error code (`HPE_*`, Node's own `ERR_HTTP_*`). */
export function clientErrorReply(code: string | undefined): { status: number; msg: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, msg: '请求超时：请求头没有及时传完' }
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, msg: '请求头过大' }
  return { status: 400, msg: '请求格式不正确' }
}

/** The raw HTTP/1.1 answer to a refused connection: the envelope, then the connection closes. */
export function rawEnvelopeReply(status: number, msg: string): string {
  const body = JSON.stringify({ result: resultForStatus(status), data: null, msg })
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  )
}

/** Fastify `clientErrorHandler`. */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A connection the client reset or closed mid-request (the parser then ends in a state it cannot
  // finish) has nobody left to answer; the request, if it had started, is logged as aborted.
  if (error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE' || socket.destroyed) {
    socket.destroy()
    return
  }
  const { status, msg } = clientErrorReply(error.code)
  // The code is Node's, never the client's text.
  this.log.warn(`${status} refused by the HTTP parser (${error.code ?? 'no code'})`)
  if (socket.writable) socket.write(rawEnvelopeReply(status, msg))
  socket.destroy()
}

/**
 * An HTTP/1.1 request without `Host` (RFC 9112 section 3.2): a 400 envelope. Node's own check
 * (`requireHostHeader`, turned off in app.ts) answered it with an empty 400.
 */
export const requireHost: onRequestAsyncHookHandler = async (request) => {
  if (request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host) {
    throw badRequest('请求缺少 Host 头')
  }
}
