/**
 * A small front server for the bench: what a CDN does in production, in front of the reference server
 * (which sends everything uncompressed). It gzips text replies (HTML, JS, CSS, JSON, SVG) and serves
 * the bench's own pages (the floor at /__floor/, the limit at /__limit/) with the product's cache
 * rules: hashed assets immutable, HTML `no-cache` with an ETag answered by 304. Everything else is
 * passed through unchanged (cookies, auth, ranges, conditional requests).
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { pipeline, type Readable } from 'node:stream'
import { createGzip } from 'node:zlib'

const TEXT = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export interface GzipFront {
  url: string
  close(): Promise<void>
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: NodeJS.ReadableStream,
): void {
  const type = String(headers['content-type'] ?? '')
  // Only a 200 has a body to compress (never a 304 or a 206).
  const gzip =
    TEXT.test(type) && !headers['content-encoding'] && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && status === 200
  if (gzip) {
    delete headers['content-length']
    headers['content-encoding'] = 'gzip'
    headers.vary = 'Accept-Encoding'
  }
  if (res.destroyed) {
    // The page went away (a navigation cancelled the request) before the reply came: pipeline would throw.
    ;(body as Readable).destroy()
    return
  }
  res.writeHead(status, headers)
  pipeline(gzip ? body.pipe(createGzip()) : body, res, () => {})
}

/** A folder the front serves itself under `base` (`/__floor/`). */
export interface Mount {
  base: string
  dir: string
}

function serveStatic(req: IncomingMessage, res: ServerResponse, dir: string, path: string): void {
  const rel = normalize(path || 'index.html').replace(/^(\.\.[/\\])+/, '')
  const file = join(dir, rel)
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end()
    return
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  if (rel.startsWith('assets/')) {
    send(req, res, 200, { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable' }, createReadStream(file))
    return
  }
  const etag = `"${createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 27)}"`
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end()
    return
  }
  send(req, res, 200, { 'content-type': type, 'cache-control': 'no-cache', etag }, createReadStream(file))
}

/** Starts the front on a free loopback port, forwarding to `upstream` (`http://127.0.0.1:port`). */
export async function startGzipFront(upstream: string, mounts: readonly Mount[]): Promise<GzipFront> {
  const target = new URL(upstream)
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    const mount = mounts.find((m) => url.startsWith(m.base))
    if (mount) return serveStatic(req, res, mount.dir, url.slice(mount.base.length).split('?')[0] ?? '')
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (reply) => send(req, res, reply.statusCode ?? 502, { ...reply.headers }, reply),
    )
    forward.on('error', () => {
      if (!res.headersSent && !res.destroyed) res.writeHead(502).end()
      else res.destroy()
    })
    pipeline(req, forward, () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
