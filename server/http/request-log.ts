/**
 * What `npm start` prints while it runs: one readable line per request (method, path, status, time,
 * and the Chinese message of a refusal), and every 5xx with its cause and stack. Fastify's logger
 * (pino) writes JSON; this turns each record into a terminal line. Tokens never appear: request headers
 * are not logged, and query values whose name says token are masked. Nothing a client sends can
 * forge a line or colour the terminal: every record is escaped (escapeLogText) to one line, and only
 * the stack frames of an error follow it, each indented.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { BODY_TIMEOUT_MSG } from './time-limits'

/** Receives each formatted line (stdout for `npm start`, an array in the tests). */
export type LogSink = (line: string) => void

/** `LOG_FORMAT`: readable lines (the default) or pino's JSON records. */
export type LogFormat = 'lines' | 'json'

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }

/** `/x?token=abc&fakeHostToken=def&ops=ghi&r=1` → `/x?token=***&fakeHostToken=***&ops=***&r=1`. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const masked = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      return /token|auth|secret|password|^ops$|^key$/i.test(decodeSafe(name)) && eq >= 0 ? `${name}=***` : pair
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

/**
 * Characters that would break a log line or drive the terminal: controls (line breaks, ESC of colour
 * and cursor codes, DEL, C1), Unicode line and paragraph separators, and bidirectional overrides.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** `text` on one line with every unsafe character written as an escape (`\n`, `\x1b`, `\u2028`). */
export function escapeLogText(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0)
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  })
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
  return `${time} ${level} ${escapeLogText(record.msg ?? '')}${record.err ? `\n${formatCause(record.err)}` : ''}`
}

/**
 * An error as its type and message on one line, then its stack frames (the indented lines of the
 * stack; the message's own lines, already on the first line, are left out).
 */
function formatCause(err: NonNullable<Record_['err']>): string {
  const message = err.message ?? ''
  const stack = err.stack ?? ''
  const at = message ? stack.indexOf(message) : -1
  const frames = (at >= 0 ? stack.slice(at + message.length) : stack).split('\n').filter((line) => /^\s+\S/.test(line))
  return [escapeLogText(`${err.type ?? 'Error'}: ${message}`), ...frames.map(escapeLogText)].join('\n')
}

/** Fastify logger options that send formatted lines to `sink`. */
export function terminalLogger(sink: LogSink): FastifyServerOptions['logger'] {
  return { level: 'info', stream: { write: (json: string) => sink(formatRecord(json)) } }
}

/**
 * `LOG_FORMAT=json`: Fastify's own pino records as they are, one JSON object a line, with an ISO
 * `time` and the request's `reqId` on every record of a request (for a log collector). The same
 * masking: the records carry the masked URL, never a header.
 */
export function jsonLogger(sink: LogSink): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    stream: { write: (json: string) => sink(json.trimEnd()) },
  }
}

/** An id a proxy in front set (`X-Request-Id`): kept when it is short and plain, so one id follows a request through both logs. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,64}$/

let lastId = 0
const instanceTag = Math.random().toString(36).slice(2, 8)

/** Fastify `genReqId`: the proxy's `X-Request-Id`, or `<instance>-<n>`, unique across instances writing one log. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const forwarded = request.headers['x-request-id']
  if (typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded
  return `${instanceTag}-${(++lastId).toString(36)}`
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Chinese message an error reply carried (error-handler.ts), for the request's log line. */
    failureMsg: string | null
    /** `performance.now()` when the request arrived (the time of an aborted one). */
    receivedAt: number
  }
}

/**
 * Logs one line per answered request; refusals carry their message, 5xx are logged with their cause by
 * the error handler. A request whose connection closed before it was answered is one line too: cut off
 * for a body too slow (time-limits.ts, WARN) or aborted by the client (INFO), never an error.
 */
export function logRequests(app: FastifyInstance): void {
  app.decorateRequest('receivedAt', 0)
  app.addHook('onRequest', async (request) => {
    request.receivedAt = performance.now()
  })
  app.addHook('onRequestAbort', async (request) => {
    const ms = Math.round(performance.now() - request.receivedAt)
    const what = `${request.method} ${maskUrl(request.url)}`
    const fields = { req: { method: request.method, url: maskUrl(request.url) }, responseTime: ms, aborted: true }
    if (request.bodyTimedOut) request.log.warn(fields, `${what} 408 ${ms}ms ${BODY_TIMEOUT_MSG}`)
    else request.log.info(fields, `${what} aborted by the client after ${ms}ms`)
  })
  app.addHook('onResponse', async (request, reply) => {
    // Logged above (the reply, if any, went nowhere).
    if (request.raw.aborted) return
    const ms = Math.round(reply.elapsedTime)
    const line = `${request.method} ${maskUrl(request.url)} ${reply.statusCode} ${ms}ms${request.failureMsg ? ` ${request.failureMsg}` : ''}`
    // The same facts as fields, for LOG_FORMAT=json (the terminal lines show only `msg`).
    const fields = { req: { method: request.method, url: maskUrl(request.url) }, res: { statusCode: reply.statusCode }, responseTime: ms }
    if (reply.statusCode >= 500) request.log.error(fields, line)
    else if (reply.statusCode >= 400) request.log.warn(fields, line)
    else request.log.info(fields, line)
  })
}
