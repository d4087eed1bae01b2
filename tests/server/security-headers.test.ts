import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pagePolicy, withPolicyMeta } from '../../scripts/build/csp-meta'
import { setupServer, VIP } from './helpers/test-app'

const INLINE = 'window.__early = 1'
const dist = mkdtempSync(join(tmpdir(), 'kids-csp-dist-'))
mkdirSync(join(dist, 'price_up'), { recursive: true })
const page = `<!doctype html><html><head><meta charset="UTF-8"><script>${INLINE}</script><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>`
writeFileSync(join(dist, 'price_up', 'index.html'), withPolicyMeta(page))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const server = setupServer({ distDir: dist, fakeHost: true })
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('a page', () => {
  it('allows scripts from its origin and its own inline scripts only, and never in a frame', async () => {
    const res = await server.inject({ method: 'GET', url: '/price_up' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toBe(
      `script-src 'self' ${sha(INLINE)}; object-src 'none'; base-uri 'self'; frame-ancestors 'none'`,
    )
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('carries the same script policy in its HTML for a CDN that cannot set headers per page', async () => {
    const html = (await server.inject({ method: 'GET', url: '/price_up' })).body
    expect(html).toContain(`<meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="${pagePolicy(page)}">`)
    expect(pagePolicy(page)).toBe(`script-src 'self' ${sha(INLINE)}; object-src 'none'; base-uri 'self'`)
  })

  it('with the fake host injected still runs it (from this origin)', async () => {
    const res = await server.inject({ method: 'GET', url: '/price_up?fakeHost=app' })
    expect(res.body).toContain('<script src="/__fake-host.js"></script>')
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${sha(INLINE)}`)
  })

  it('that does not exist gets the policy on its 404 page too', async () => {
    const res = await server.inject({ method: 'GET', url: '/no_such_page' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
  })
})

describe('the API', () => {
  it('answers with nosniff and the referrer policy, and no page policy', async () => {
    const res = await server.get('/v1/directory/0', VIP)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['content-security-policy']).toBeUndefined()
  })
})

describe('withPolicyMeta', () => {
  it('replaces an older policy instead of adding a second', () => {
    const twice = withPolicyMeta(withPolicyMeta(page))
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1)
  })
})
