import { describe, expect, it } from 'vitest'
import { parseCorsOrigins } from '../../server/http/cors'
import { setupServer, VIP } from './helpers/test-app'

const PAGES = 'https://h5.kidsenglish.example.com'
/** The iOS app's pages on its own scheme (docs/app-integration.md), as CORS_ORIGINS names it. */
const APP_PAGES = 'kids-h5://h5.kidsenglish.example.com'
const server = setupServer({ corsOrigins: parseCorsOrigins(`${PAGES},${APP_PAGES}`) })

const preflight = (origin: string, url = '/v1/directory/0') =>
  server.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-app-id' },
  })

describe('the API on another origin than its pages', () => {
  it('answers a preflight from an allowed origin with the methods and the Authorization and X-App-Id headers', async () => {
    const res = await preflight(PAGES)
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(PAGES)
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST')
    expect(res.headers['access-control-allow-headers']).toBe('Authorization, X-App-Id, Content-Type')
    expect(res.headers.vary).toContain('Origin')
  })

  it("lets the iOS app's scheme origin, once allowed, call the API", async () => {
    expect((await preflight(APP_PAGES)).headers['access-control-allow-origin']).toBe(APP_PAGES)
    const read = await server.get('/v1/directory/0', { ...VIP, origin: APP_PAGES })
    expect(read.headers['access-control-allow-origin']).toBe(APP_PAGES)
    expect((await preflight('kids-h5://evil.example.net')).statusCode).toBe(403)
  })

  it('lets an allowed origin read the reply of a signed-in call', async () => {
    const res = await server.get('/v1/directory/0', { ...VIP, origin: PAGES })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(PAGES)
  })

  it('gives any other origin nothing: a refused preflight and no CORS header', async () => {
    const res = await preflight('https://evil.example.net')
    expect(res.statusCode).toBe(403)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-allow-headers']).toBeUndefined()
    const read = await server.get('/v1/directory/0', { ...VIP, origin: 'https://evil.example.net' })
    expect(read.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('does not treat "null" or a prefix of an allowed origin as allowed', async () => {
    expect((await preflight('null')).statusCode).toBe(403)
    expect((await preflight(`${PAGES}.evil.net`)).statusCode).toBe(403)
  })

  it('lets an allowed origin read the media and uploads the replies name (a prefetch of a clip), and no other origin', async () => {
    const media = await server.inject({ method: 'GET', url: '/media/book/p1.mp3', headers: { origin: PAGES } })
    expect(media.statusCode).toBe(200)
    expect(media.headers['access-control-allow-origin']).toBe(PAGES)
    expect(media.headers.vary).toContain('Origin')
    const ranged = await preflight(PAGES, '/media/book/p1.mp3')
    expect(ranged.statusCode).toBe(204)
    expect(ranged.headers['access-control-allow-methods']).toBe('GET, HEAD')
    const upload = await server.inject({ method: 'GET', url: '/uploads/none.png', headers: { origin: PAGES } })
    expect(upload.headers['access-control-allow-origin']).toBe(PAGES)
    const other = await server.inject({ method: 'GET', url: '/media/book/p1.mp3', headers: { origin: 'https://evil.example.net' } })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('leaves the pages alone', async () => {
    const res = await server.inject({ method: 'GET', url: '/', headers: { origin: PAGES } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('parseCorsOrigins', () => {
  it('keeps exact origins and drops paths, wildcards and junk', () => {
    expect(parseCorsOrigins(' https://a.example.com ,http://localhost:5173,https://b.example.com/path,*,, ftp')).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ])
    expect(parseCorsOrigins(undefined)).toEqual([])
  })

  it("keeps the iOS app's own scheme with a host (WebKit's Origin for its pages), not other schemes or a path", () => {
    expect(
      parseCorsOrigins(
        'kids-h5://h5.example.com,kids-h5://h5.example.com/price_up,kids-h5://,file://h5.example.com,javascript://x.example.com,KIDS://A',
      ),
    ).toEqual(['kids-h5://h5.example.com'])
  })
})
