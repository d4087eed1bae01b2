/**
 * How long a client may take (issue 32 item 2). Without limits a request whose body never finished
 * held its connection for good, and enough of them ran the server out of file descriptors. Headers
 * and idle keep-alive connections are bounded by Node's own timers; bodies by a watch here, which
 * answers 408 and closes the connection of a body that stalls or takes too long.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { rawEnvelopeReply } from './client-errors'

export interface TimeLimits {
  /** The request line and headers must arrive within this (Node's `headersTimeout`). */
  headersMs: number
  /** A body must bring at least `minBodyBytes` in every `bodyStallMs`: a stalled or trickling body is cut off. */
  bodyStallMs: number
  minBodyBytes: number
  /** A body (JSON, at most 1 MB) must be whole within this. */
  bodyMs: number
  /** An upload's body (`POST /v1/upload`, up to 200 MB) must be whole within this. */
  uploadMs: number
  /** A keep-alive connection with no request is closed after this (Node's `keepAliveTimeout`). */
  keepAliveMs: number
}

/** The limits of the reference server (docs/server.md "Time limits"; the tests lower them). */
export const DEFAULT_TIME_LIMITS: TimeLimits = {
  headersMs: 10_000,
  bodyStallMs: 30_000,
  minBodyBytes: 16 * 1024,
  bodyMs: 30_000,
  uploadMs: 30 * 60_000,
  keepAliveMs: 5_000,
}

export const BODY_TIMEOUT_MSG = '请求超时：请求内容没有及时传完'

/** The 408 a cut-off body gets when nothing was answered yet (the connection then closes). */
const TIMEOUT_REPLY = rawEnvelopeReply(408, BODY_TIMEOUT_MSG)

/** Fastify server options for the limits Node keeps: headers and idle keep-alive. */
export function serverTimeouts(limits: TimeLimits): Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number; requireHostHeader: false }
} {
  return {
    keepAliveTimeout: limits.keepAliveMs,
    // Bodies are watched below, per kind; Node's one limit for every request would cut long uploads.
    requestTimeout: 0,
    http: {
      headersTimeout: limits.headersMs,
      // Node checks the headers' time on this interval: a late header block is cut within headersMs + 1 s.
      connectionsCheckingInterval: Math.min(1_000, limits.headersMs),
      // Checked by client-errors.ts `requireHost`, which answers with the envelope.
      requireHostHeader: false,
    },
  }
}

interface Watched {
  raw: IncomingMessage
  socket: Socket
  answered: () => boolean
  deadline: number
  /** `socket.bytesRead` at the start of the current stall window, and when it started. */
  windowBytes: number
  windowStart: number
  onCut: () => void
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the body was cut off for taking too long (the log says so instead of an error). */
    bodyTimedOut: boolean
  }
}

/**
 * Watches every request whose body has not arrived whole when its headers do, until the body ends
 * or the connection closes, and cuts off one that stalls or passes its deadline: a 408 envelope if
 * nothing was answered yet, then the connection is destroyed (its file descriptor freed). One timer
 * for all of them, running only while there is something to watch.
 */
export function limitBodyTime(app: FastifyInstance, limits: TimeLimits, isUpload: (url: string) => boolean): void {
  const watched = new Set<Watched>()
  const tickMs = Math.max(50, Math.min(1_000, limits.bodyStallMs / 4))
  let timer: NodeJS.Timeout | undefined

  const tick = () => {
    const now = Date.now()
    for (const entry of watched) {
      // The parser has the whole body (whether or not a handler has read it yet).
      if (entry.raw.complete) {
        watched.delete(entry)
        continue
      }
      const late = now >= entry.deadline
      const stalled = now - entry.windowStart >= limits.bodyStallMs && entry.socket.bytesRead - entry.windowBytes < limits.minBodyBytes
      if (late || stalled) {
        watched.delete(entry)
        entry.onCut()
        if (!entry.answered() && entry.socket.writable) entry.socket.write(TIMEOUT_REPLY)
        entry.socket.destroy()
      } else if (now - entry.windowStart >= limits.bodyStallMs) {
        entry.windowBytes = entry.socket.bytesRead
        entry.windowStart = now
      }
    }
    if (watched.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }

  app.decorateRequest('bodyTimedOut', false)
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw
    const socket = raw.socket
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length']) > 0
    // `app.inject` has no real socket (no bytesRead) and no client to wait for.
    if (!hasBody || raw.complete || typeof socket?.bytesRead !== 'number' || socket.destroyed) return done()
    const now = Date.now()
    const entry: Watched = {
      raw,
      socket,
      answered: () => reply.raw.headersSent,
      deadline: now + (isUpload(request.url) ? limits.uploadMs : limits.bodyMs),
      windowBytes: socket.bytesRead,
      windowStart: now,
      onCut: () => {
        request.bodyTimedOut = true
      },
    }
    watched.add(entry)
    const stop = () => watched.delete(entry)
    raw.once('end', stop)
    raw.once('close', stop)
    socket.once('close', stop)
    timer ??= setInterval(tick, tickMs).unref()
    done()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    watched.clear()
  })
}
