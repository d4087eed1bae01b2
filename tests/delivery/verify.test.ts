import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../scripts/delivery/hash'
import type { RouteEntry } from '../../scripts/delivery/manifest'
import { verifyPages } from '../../scripts/delivery/run/verify'
import { IMMUTABLE, REVALIDATE } from '../../scripts/delivery/store/headers'

const html = Buffer.from('<!doctype html><script type="module" src="/assets/a-1.js"></script>')
const js = Buffer.from('export const a = 1\n')
/** The Content-Type the server sends for the script (a test sets it). */
let scriptType = 'text/javascript'
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/a/index.html') res.writeHead(200, { 'content-type': 'text/html', 'cache-control': REVALIDATE }).end(html)
    else if (req.url === '/assets/a-1.js') res.writeHead(200, { 'content-type': scriptType, 'cache-control': IMMUTABLE }).end(js)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const route: RouteEntry = {
  path: '/a',
  name: 'a',
  html: { file: 'a/index.html', sha256: sha256(html), size: html.length },
  assets: [{ file: 'assets/a-1.js', sha256: sha256(js), size: js.length }],
}

describe('verify, reading the headers a public URL sends', () => {
  it.each(['text/javascript; charset=utf-8', 'application/javascript', 'application/javascript; charset=utf-8'])(
    'takes a script served as %s without a warning',
    async (type) => {
      scriptType = type
      expect(await verifyPages(url, [route])).toMatchObject({ failures: [], warnings: [] })
    },
  )

  it('warns about a script served with another type', async () => {
    scriptType = 'text/plain'
    expect((await verifyPages(url, [route])).warnings).toEqual([
      `${url}/assets/a-1.js: Content-Type text/plain, expected text/javascript; charset=utf-8`,
    ])
  })
})
