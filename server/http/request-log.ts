/**
 * What `npm start` prints while it runs: one readable line per request (method, path, status, time,
 * and the Chinese message of a refusal), and every 5xx with its cause and stack. Fastify's logger
 * (pino) writes JSON; this turns each record into a terminal line. Tokens never appear: request headers
 * are not logged, and query values whose name says token are masked.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify'

/** Receives each formatted line (stdout for `npm start`, an array in the tests). */
export type LogSink = (line: string) => void

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

/** `/x?token=abc&fakeHostToken=def&r=1` → `/x?token=***&fakeHostToken=***&r=1`. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const masked = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      return /token|auth|secret|password/i.test(decodeSafe(name)) && eq >= 0 ? `${name}=***` : pair
    })
    .join('&')
  return `${url.slice(0, at)}?${masked}`
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

interface Record_ {
  level: number
  time: number
  msg?: string
  err?: { type?: string; message?: string; stack?: string }
}

/** One pino JSON record as a terminal line (with the stack of an error on the lines after it). */
export function formatRecord(json: string): string {
  let record: Record_
  try {
    record = JSON.parse(json) as Record_
  } catch {
    return json.trimEnd()
  }
  const time = new Date(record.time).toISOString().slice(11, 19)
  const level = (LEVELS[record.level] ?? String(record.level)).padEnd(5)
  const cause = record.err ? `\n${record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`}` : ''
  return `${time} ${level} ${record.msg ?? ''}${cause}`
}

/** Fastify logger options that send formatted lines to `sink`. */
export function terminalLogger(sink: LogSink): FastifyServerOptions['logger'] {
  return { level: 'info', stream: { write: (json: string) => sink(formatRecord(json)) } }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Chinese message an error reply carried (error-handler.ts), for the request's log line. */
    failureMsg: string | null
  }
}

/** Logs one line per answered request; refusals carry their message, 5xx are logged with their cause by the error handler. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime)
    const line = `${request.method} ${maskUrl(request.url)} ${reply.statusCode} ${ms}ms${request.failureMsg ? ` ${request.failureMsg}` : ''}`
    if (reply.statusCode >= 500) request.log.error(line)
    else if (reply.statusCode >= 400) request.log.warn(line)
    else request.log.info(line)
  })
}
