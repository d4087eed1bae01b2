/**
 * A test-only proxy in front of the reference server for the WebKit journeys. WebKitWebDriver has no
 * log endpoint and no init scripts, so the proxy adds `<script src="/__webkit-capture.js">` as the
 * first element of every HTML page's `<head>` (before the fake host and the page's own scripts; a
 * same-origin script, so the page's Content-Security-Policy allows it). The capture script records
 * uncaught errors, unhandled rejections, `console.error`, every media element that plays and every
 * `pageshow` (restored from the back-forward cache or not). The proxy also logs every request it
 * forwards, so a test can count how often WebKit fetched a file, and keeps every field report the pages
 * send (`POST /v1/telemetry`, answered 204 here: a beacon sent as a page is left cannot be caught inside
 * the browser, Chromium's request interception included). A journey may slow what it forwards down to
 * the bench's slow network (`throttle`: WebKit has no network emulation) and run a script of its own
 * before the page's (`prelude`).
 */
import { createServer, request as forward, type IncomingHttpHeaders, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'

export interface ProxiedRequest {
  path: string
  method: string
  /** When the request reached the proxy, and when its answer had gone back (Date.now(), ms; 0 until then). */
  startedAt: number
  endedAt: number
  /** The `Range` header, if any (the media loader asks for byte ranges). */
  range: string | null
  status: number
  /** Bytes of the body the server sent. */
  bytes: number
}

/** A field report as it arrived: its body and the headers that say how it was sent. */
export interface ProxiedReport {
  body: string
  contentType: string
  /** The `Origin` header (a beacon from a page on another origin than the API's carries one). */
  origin: string | null
}

/** A slow network (bench/lib/phone.ts SLOW_PROFILE's): each answer starts `rttMs` after its request and comes at `bytesPerSecond`. */
export interface Throttle {
  rttMs: number
  bytesPerSecond: number
}

export interface CaptureProxy {
  url: string
  /** Every request forwarded so far, oldest first. */
  requests: ProxiedRequest[]
  /** Every field report the pages sent, oldest first. */
  reports: ProxiedReport[]
  /** While set, what the proxy forwards comes over this slow network (the reports and the capture script do not). */
  throttle: Throttle | null
  /** Script run first in the capture script, before the page's own (WebKitWebDriver has no init scripts). */
  prelude: string
  close(): Promise<void>
}

/** The field reports' route (docs/telemetry.md). */
const REPORTS_PATH = '/v1/telemetry'

export const CAPTURE_PATH = '/__webkit-capture.js'

/** Runs in the page before any of its scripts (plain ES2017: no build step). */
const CAPTURE_SCRIPT = `(function () {
  var log = (window.__capture = { errors: [], media: [], shows: [] })
  function text(value) {
    try { return value && value.stack ? String(value.stack).split('\\n')[0] + ' | ' + String(value) : String(value) } catch (e) { return '?' }
  }
  addEventListener('error', function (event) {
    if (event instanceof ErrorEvent) log.errors.push('error: ' + event.message + ' @ ' + event.filename + ':' + event.lineno)
  })
  addEventListener('unhandledrejection', function (event) { log.errors.push('unhandled rejection: ' + text(event.reason)) })
  // Each time the page is shown, and whether it came back from the back-forward cache (the page's own
  // state, this log included, is then what it was when it was left).
  addEventListener('pageshow', function (event) { log.shows.push({ persisted: event.persisted, at: Date.now() }) })
  var consoleError = console.error
  console.error = function () {
    log.errors.push('console.error: ' + Array.prototype.map.call(arguments, text).join(' '))
    return consoleError.apply(console, arguments)
  }
  var play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function () {
    if (log.media.indexOf(this) < 0) log.media.push(this)
    return play.apply(this, arguments)
  }
})()
`

const TAG = `<script src="${CAPTURE_PATH}"></script>`

function withCapture(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html)
  if (!head) return TAG + html
  const at = head.index + head[0].length
  return html.slice(0, at) + TAG + html.slice(at)
}

/**
 * Sends `body` as an answer over `throttle`: its head once the round trip is over (counted from
 * `startedAt`), then its bytes 1 KB at a time at the throttle's rate.
 */
function sendSlowly(
  outgoing: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  startedAt: number,
  throttle: Throttle,
): void {
  const slice = 1024
  const every = (slice / throttle.bytesPerSecond) * 1000
  setTimeout(
    () => {
      outgoing.writeHead(status, headers)
      let at = 0
      const next = () => {
        if (outgoing.destroyed) return
        if (at >= body.length) return void outgoing.end()
        outgoing.write(body.subarray(at, (at += slice)))
        setTimeout(next, every)
      }
      next()
    },
    Math.max(0, startedAt + throttle.rttMs - Date.now()),
  )
}

/**
 * Starts the proxy on a free loopback port, forwarding to `target` (`http://127.0.0.1:port`). `inject`:
 * add the capture script to each page (a Chromium journey, which has its own, keeps the pages as built).
 */
export function startCaptureProxy(target: string, { inject = true } = {}): Promise<CaptureProxy> {
  const upstream = new URL(target)
  const requests: ProxiedRequest[] = []
  const reports: ProxiedReport[] = []
  const settings: Pick<CaptureProxy, 'throttle' | 'prelude'> = { throttle: null, prelude: '' }
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/'
    if (incoming.method === 'POST' && path === REPORTS_PATH) {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const { 'content-type': contentType = '', origin = null } = incoming.headers
        reports.push({ body: Buffer.concat(chunks).toString('utf8'), contentType, origin })
        outgoing.writeHead(204)
        outgoing.end()
      })
      return
    }
    if (path === CAPTURE_PATH) {
      outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      outgoing.end(`${settings.prelude};\n${CAPTURE_SCRIPT}`)
      return
    }
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: upstream.host, 'accept-encoding': 'identity' }
    const entry: ProxiedRequest = {
      path,
      method: incoming.method ?? 'GET',
      startedAt: Date.now(),
      endedAt: 0,
      range: incoming.headers.range ?? null,
      status: 0,
      bytes: 0,
    }
    outgoing.once('finish', () => (entry.endedAt = Date.now()))
    requests.push(entry)
    const throttle = settings.throttle
    const out = forward({ host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers }, (reply) => {
      entry.status = reply.statusCode ?? 0
      const isHtml = inject && String(reply.headers['content-type'] ?? '').startsWith('text/html')
      if (!isHtml && !throttle) {
        reply.on('data', (chunk: Buffer) => (entry.bytes += chunk.length))
        outgoing.writeHead(entry.status, reply.headers)
        reply.pipe(outgoing)
        return
      }
      const chunks: Buffer[] = []
      reply.on('data', (chunk: Buffer) => chunks.push(chunk))
      reply.on('end', () => {
        const raw = Buffer.concat(chunks)
        const body = isHtml ? Buffer.from(withCapture(raw.toString('utf8'))) : raw
        entry.bytes = body.length
        const { 'content-length': _length, etag: _etag, ...rest } = reply.headers
        const answer = { ...rest, 'content-length': body.length }
        if (throttle) return sendSlowly(outgoing, entry.status, answer, body, entry.startedAt, throttle)
        outgoing.writeHead(entry.status, answer)
        outgoing.end(body)
      })
    })
    out.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' })
      outgoing.end(String(error))
    })
    incoming.pipe(out)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve(
        Object.assign(settings, {
          url: `http://127.0.0.1:${port}`,
          requests,
          reports,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done())
              // A page left mid-answer on the slow network keeps its connection open: cut it.
              server.closeAllConnections()
            }),
        }),
      )
    })
  })
}
