/**
 * A pass-through HTTP hop on a free loopback port that forwards every request to `target` as it came and
 * records it (method, path, `Origin`): in front of the API, it shows which origin a field report came
 * from, while the real server still answers (and stores) it. With `fakeHost`, it stands in for a CDN edge
 * in front of nginx that does what the reference server does in the demo (server/fake-host/inject.ts):
 * on `?fakeHost=app` (or its cookie) it adds the fake host's script to the page's HTML and serves that
 * script at `/__fake-host.js`, same-origin, so the page's script policy allows it. That gives WebKit, whose
 * driver has no init scripts, the app fixture's bridge on pages nginx serves. With `forwardedFor`, it is the
 * load balancer in front of the API (`TRUST_PROXY=1`): it appends to `X-Forwarded-For` the address it names
 * for each request (from its body: a field report's view stands for the phone that sent it), as nginx's
 * `$proxy_add_x_forwarded_for` appends the client's. With `delay`, it holds the answer of the paths it
 * names for that long, and answers them `no-store` (a slow file on the CDN, slow at every view). Nothing
 * else is changed.
 */
import { readFileSync } from 'node:fs'
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { join, resolve } from 'node:path'
import { decideFakeHost, injectFakeHost } from '../../../server/fake-host/inject'

const FAKE_HOST = readFileSync(join(resolve(import.meta.dirname, '../../..'), 'server/fake-host/fake-host.js'), 'utf8')

export interface ForwardedRequest {
  method: string
  path: string
  origin: string | null
}

export interface Forwarder {
  /** `http://localhost:<port>`. */
  url: string
  port: number
  requests: ForwardedRequest[]
  close(): Promise<void>
}

export interface ForwarderOptions {
  fakeHost?: boolean
  /** The client address to append to `X-Forwarded-For`, from the request and its whole body; `null`: the socket's. */
  forwardedFor?: (request: IncomingMessage, body: Buffer) => string | null
  /** Milliseconds to hold the answer of a path (`null`: none). */
  delay?: (path: string) => number | null
}

export function startForwarder(target: string, { fakeHost = false, forwardedFor, delay }: ForwarderOptions = {}): Promise<Forwarder> {
  const upstream = new URL(target)
  const requests: ForwardedRequest[] = []
  const server = createServer((incoming, outgoing) => {
    const wait = delay?.(incoming.url ?? '/') ?? 0
    if (!forwardedFor) return void setTimeout(() => pass(incoming, outgoing, null), wait)
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => setTimeout(() => pass(incoming, outgoing, Buffer.concat(chunks)), wait))
  })
  /** Forwards one request; `body`: already read (then sent as it was, with the address appended). */
  const pass = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer | null) => {
    const path = incoming.url ?? '/'
    requests.push({ method: incoming.method ?? 'GET', path, origin: incoming.headers.origin ?? null })
    if (fakeHost && path === '/__fake-host.js') {
      outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      outgoing.end(FAKE_HOST)
      return
    }
    const decision = fakeHost ? decideFakeHost(new URL(path, 'http://x').searchParams, incoming.headers.cookie) : null
    // Bytes as sent, so that the HTML can be edited (the edge compresses nothing; loopback needs no gzip).
    const client = body && forwardedFor ? (forwardedFor(incoming, body) ?? incoming.socket.remoteAddress ?? '') : null
    const before = incoming.headers['x-forwarded-for']
    const headers: IncomingHttpHeaders = {
      ...incoming.headers,
      host: upstream.host,
      ...(decision?.inject ? { 'accept-encoding': 'identity' } : {}),
      ...(client !== null ? { 'x-forwarded-for': before ? `${String(before)}, ${client}` : client } : {}),
    }
    const out = forward({ host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers }, (reply) => {
      const status = reply.statusCode ?? 502
      const cookie = decision?.setCookie ? { 'set-cookie': decision.setCookie } : {}
      if (!decision?.inject || !String(reply.headers['content-type'] ?? '').startsWith('text/html')) {
        // A slow file is slow every time: never kept by the browser.
        const headers = { ...reply.headers, ...cookie }
        if (delay?.(path)) {
          delete headers.etag
          delete headers['last-modified']
          headers['cache-control'] = 'no-store'
        }
        outgoing.writeHead(status, headers)
        reply.pipe(outgoing)
        return
      }
      const chunks: Buffer[] = []
      reply.on('data', (chunk: Buffer) => chunks.push(chunk))
      reply.on('end', () => {
        const body = Buffer.from(injectFakeHost(Buffer.concat(chunks).toString('utf8')))
        const { 'content-length': _length, etag: _etag, ...rest } = reply.headers
        outgoing.writeHead(status, { ...rest, ...cookie, 'content-length': body.length })
        outgoing.end(body)
      })
    })
    out.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' })
      outgoing.end(String(error))
    })
    if (body) out.end(body)
    else incoming.pipe(out)
  }
  return listenOnLoopback(server).then((listening) => ({ ...listening, requests }))
}

/** A server listening on a free loopback port: its port, its URL (`http://localhost:<port>`), and how to close it and its connections. */
export function listenOnLoopback(server: Server): Promise<{ port: number; url: string; close(): Promise<void> }> {
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      done({
        port,
        url: `http://localhost:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed())
            server.closeAllConnections()
          }),
      })
    })
  })
}
