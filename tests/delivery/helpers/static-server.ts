/**
 * A directory target served over HTTP, as nginx serves it (docs/deploying.md): clean URLs, the Headers
 * table's Cache-Control, dot paths (`.releases/`) answered 404. The verify tests point --public-url at
 * it; `broken` makes it answer 404 for chosen paths, as a misconfigured CDN would.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { headersFor } from '../../../scripts/delivery/store/headers'

export interface StaticServer {
  url: string
  /** URL paths (`/assets/x.js`) answered 404 whatever the directory has. */
  broken: Set<string>
  stop(): Promise<void>
}

/** Serves `root` on a loopback port. */
export async function serveDirectory(root: () => string): Promise<StaticServer> {
  const broken = new Set<string>()
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const parts = path.split('/').filter(Boolean)
    const file =
      parts.length === 0 || path.endsWith('/') || !/\.[a-z0-9]+$/i.test(path) ? [...parts, 'index.html'].join('/') : parts.join('/')
    if (broken.has(path) || parts.some((p) => p.startsWith('.') || p === '..') || file === 'pages-manifest.json') {
      res.writeHead(404).end()
      return
    }
    readFile(join(root(), file)).then(
      (bytes) => {
        const { contentType, cacheControl } = headersFor(file)
        res.writeHead(200, { 'content-type': contentType, 'cache-control': cacheControl }).end(bytes)
      },
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    broken,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
