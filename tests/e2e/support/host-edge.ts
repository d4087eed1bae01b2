/**
 * The app's request interception, as an HTTP front a browser can open (docs/app-integration.md): what
 * Android's `shouldInterceptRequest` and iOS's `WKURLSchemeHandler` do with the reference host
 * (common/app-host), for Chromium (playwright-core) and WebKitGTK (WebDriver) alike. Each request goes
 * to `host.respond` first (a page from its package, its files); what the host leaves is passed to
 * `upstream` as it came (the API, pages not in a package), unless `offline`, when it is refused as a
 * phone with no network refuses it: the connection drops. The document-start script, which WebDriver has
 * no hook for, is stood for by `<script src="/__kids-rollout.js?route=…">` put first in `<head>` of every
 * HTML it serves (as server/fake-host/inject.ts adds the fake host), and that script is served here,
 * from the host, offline too. With `fakeHost`, the HTML it serves from a package gets the fake host on
 * the reference server's rule (`?fakeHost=app` or its cookie), and `/__fake-host.js` is served here: the
 * app's bridge is there with no network. HTML from `upstream` gets the fake host from upstream.
 */
import { readFileSync } from 'node:fs'
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import type { AppHost } from '../../../common/app-host/index.ts'
import { decideFakeHost, FAKE_HOST_TAG } from '../../../server/fake-host/inject'
import { listenOnLoopback } from './forwarder'

const FAKE_HOST = readFileSync(join(resolve(import.meta.dirname, '../../..'), 'server/fake-host/fake-host.js'), 'utf8')

/** The path the document-start script is served at. */
export const ROLLOUT_SCRIPT = '/__kids-rollout.js'

export interface EdgeRequest {
  method: string
  path: string
  /** `package`: the host answered; `script`: the edge's own scripts; `network`: passed on; `refused`: offline. */
  from: 'package' | 'script' | 'network' | 'refused'
}

export interface HostEdge {
  /** `http://localhost:<port>`: the site as the WebView sees it. */
  url: string
  /** No network: everything the host does not answer is refused. */
  offline: boolean
  requests: EdgeRequest[]
  /** The bodies of the field reports passed on (`POST /v1/telemetry`), as sent. */
  reports: string[]
  close(): Promise<void>
}

export interface HostEdgeOptions {
  host: AppHost
  /** Where the network is: the reference server, or a front of nginx. */
  upstream: string
  fakeHost?: boolean
}

/** Inserts `tags` as the first elements of `<head>` (a classic script there runs before every module script). */
function intoHead(html: string, tags: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html)
  const at = head ? head.index + head[0].length : 0
  return html.slice(0, at) + tags + html.slice(at)
}

/** The route a page's URL path names (`/price_up/` is `/price_up`). */
const routeOf = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path)

export function startHostEdge({ host, upstream, fakeHost = false }: HostEdgeOptions): Promise<HostEdge> {
  const target = new URL(upstream)
  const requests: EdgeRequest[] = []
  const reports: string[] = []
  const edge = { offline: false }

  const scriptTag = (path: string) => `<script src="${ROLLOUT_SCRIPT}?route=${encodeURIComponent(routeOf(path))}"></script>`

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://edge')
    const log = (from: EdgeRequest['from']) => requests.push({ method: incoming.method ?? 'GET', path: url.pathname + url.search, from })
    if (url.pathname === ROLLOUT_SCRIPT) {
      log('script')
      const script = await host.documentStartScript(url.searchParams.get('route') ?? '')
      outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(script)
      return
    }
    if (fakeHost && url.pathname === '/__fake-host.js') {
      log('script')
      outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(FAKE_HOST)
      return
    }
    const answer =
      incoming.method === 'GET' || incoming.method === 'HEAD'
        ? await host.respond(new URL(url.pathname + url.search, host.siteUrl).href)
        : null
    if (answer) {
      log('package')
      let body: Uint8Array = answer.body
      const headers: Record<string, string | number> = { ...answer.headers }
      if (answer.page) {
        const decision = fakeHost ? decideFakeHost(url.searchParams, incoming.headers.cookie) : null
        if (decision?.setCookie) headers['set-cookie'] = decision.setCookie
        const tags = scriptTag(url.pathname) + (decision?.inject ? FAKE_HOST_TAG : '')
        body = Buffer.from(intoHead(Buffer.from(answer.body).toString('utf8'), tags))
      }
      headers['content-length'] = body.byteLength
      outgoing.writeHead(200, headers).end(incoming.method === 'HEAD' ? undefined : body)
      return
    }
    if (edge.offline) {
      log('refused')
      // What a fetch sees with no network: no answer at all.
      incoming.socket.destroy()
      return
    }
    log('network')
    pass(incoming, outgoing, url)
  }

  const pass = (incoming: IncomingMessage, outgoing: ServerResponse, url: URL) => {
    const chunks: Buffer[] = []
    const isReport = incoming.method === 'POST' && url.pathname === '/v1/telemetry'
    const out = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        // Bytes as sent, so the HTML can be edited (loopback needs no gzip).
        headers: { ...incoming.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (reply) => {
        const status = reply.statusCode ?? 502
        if (!String(reply.headers['content-type'] ?? '').startsWith('text/html')) {
          outgoing.writeHead(status, reply.headers)
          reply.pipe(outgoing)
          return
        }
        const parts: Buffer[] = []
        reply.on('data', (chunk: Buffer) => parts.push(chunk))
        reply.on('end', () => {
          const body = Buffer.from(intoHead(Buffer.concat(parts).toString('utf8'), scriptTag(url.pathname)))
          const { 'content-length': _length, etag: _etag, ...rest } = reply.headers
          outgoing.writeHead(status, { ...rest, 'content-length': body.length }).end(body)
        })
      },
    )
    out.on('error', (error) => outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(String(error)))
    incoming.on('data', (chunk: Buffer) => {
      if (isReport) chunks.push(chunk)
      out.write(chunk)
    })
    incoming.on('end', () => {
      if (isReport) reports.push(Buffer.concat(chunks).toString('utf8'))
      out.end()
    })
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain' })
      outgoing.end(String(error))
    })
  })
  return listenOnLoopback(server).then(({ url, close }) => ({
    url,
    get offline() {
      return edge.offline
    },
    set offline(value: boolean) {
      edge.offline = value
    },
    requests,
    reports,
    close,
  }))
}
