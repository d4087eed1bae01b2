/** What `npm start` sends is compressed as the CDN sends it (server/web/compression.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { setupServer, VIP } from './helpers/test-app'

const dist = mkdtempSync(join(tmpdir(), 'kids-gzip-dist-'))
mkdirSync(join(dist, 'price_up'), { recursive: true })
mkdirSync(join(dist, 'assets'), { recursive: true })
const filler = '<p>价格调整通知</p>'.repeat(200)
const page = `<!doctype html><html><head><meta charset="UTF-8"><script>window.__early = 1</script></head><body>${filler}</body></html>`
const script = `export const words = ${JSON.stringify('apple '.repeat(2000))}\n`
writeFileSync(join(dist, 'price_up', 'index.html'), page)
writeFileSync(join(dist, 'assets', 'page-abc123.js'), script)
writeFileSync(join(dist, 'assets', 'page-abc123.css'), `.a{color:red}\n`.repeat(200))
writeFileSync(join(dist, 'assets', 'pic-abc123.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(300)}</svg>`)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const server = setupServer({ distDir: dist })
const GZIP = { 'accept-encoding': 'gzip, deflate, br' }

describe('compression', () => {
  it.each([
    ['a page', '/price_up', 'text/html', page],
    ['a script', '/assets/page-abc123.js', 'javascript', script],
  ])('sends %s gzipped when the browser accepts it, the same bytes once unpacked', async (_what, url, type, text) => {
    const res = await server.inject({ method: 'GET', url, headers: GZIP })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(type)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toContain('accept-encoding')
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 3)
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(text)
  })

  it.each(['/assets/page-abc123.css', '/assets/pic-abc123.svg', '/media/book/cover.svg'])('gzips %s', async (url) => {
    const res = await server.inject({ method: 'GET', url, headers: GZIP })
    expect(res.headers['content-encoding']).toBe('gzip')
  })

  it('gzips the API JSON', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/directory/0', headers: { ...VIP, ...GZIP } })
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toMatchObject({ result: 'SUCCESS' })
  })

  it('keeps the page policy computed from the HTML, not from the compressed bytes', async () => {
    const res = await server.inject({ method: 'GET', url: '/price_up', headers: GZIP })
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/)
  })

  it('sends audio as it is, and nothing compressed to a browser that does not ask for it', async () => {
    const audio = await server.inject({ method: 'GET', url: '/media/book/p1.mp3', headers: GZIP })
    expect(audio.headers['content-encoding']).toBeUndefined()
    const plain = await server.inject({ method: 'GET', url: '/assets/page-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('does not unpack a gzipped request body: a small one could unpack past the body limit', async () => {
    const before = (await server.folder(0)).items.length
    const res = await server.inject({
      method: 'POST',
      url: '/v1/bookCreation/add',
      headers: { ...VIP, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ parentId: 0, type: 2, title: '压缩的文件夹' })),
    })
    expect(res.statusCode).toBe(400)
    expect((await server.folder(0)).items.length).toBe(before)
  })
})
