import { afterEach, describe, expect, it, vi } from 'vitest'
import { isProductionApi, PRODUCTION_API_BASE, PRODUCTION_PAGE_HOST, resolveApiBase, TEST_API_BASE } from '@shared/config/api-hosts'
import { apiUrl } from '@shared/http/settings'
import { normalizeShare } from '@shared/recorded-work/data'

describe('resolveApiBase', () => {
  it.each([
    ['localhost', 'http://localhost:5173'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['[::1]', 'http://[::1]:3000'],
  ])('uses the page origin on %s', (hostname, origin) => {
    expect(resolveApiBase(hostname, origin, '')).toBe(origin)
  })

  it('uses the production API on the production page host', () => {
    expect(resolveApiBase(PRODUCTION_PAGE_HOST, `https://${PRODUCTION_PAGE_HOST}`, '')).toBe(PRODUCTION_API_BASE)
  })

  it('uses the test API on any other host', () => {
    expect(resolveApiBase('test-h5.kidsenglish.example.com', 'https://test-h5.kidsenglish.example.com', '')).toBe(TEST_API_BASE)
    expect(resolveApiBase('h5.kidsenglish.example.com.evil.test', 'https://x', '')).toBe(TEST_API_BASE)
  })

  it('prefers the build-time override, without a trailing slash', () => {
    expect(resolveApiBase('localhost', 'http://localhost', 'https://api.example.com/')).toBe('https://api.example.com')
  })
})

describe('isProductionApi', () => {
  it('is true for the production API only', () => {
    expect(isProductionApi(PRODUCTION_API_BASE)).toBe(true)
    expect(isProductionApi(`${PRODUCTION_API_BASE}/`)).toBe(true)
    expect(isProductionApi(TEST_API_BASE)).toBe(false)
    expect(isProductionApi('http://localhost:3000')).toBe(false)
    expect(isProductionApi('')).toBe(false)
  })
})

describe('apiUrl: a URL of a reply, where the page loads it from', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('puts a root-relative or relative path on the API origin, never the page origin', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com')
    expect(location.origin).not.toBe('https://api.example.com')
    expect(apiUrl('/media/book/cover.svg')).toBe('https://api.example.com/media/book/cover.svg')
    expect(apiUrl('/uploads/a1.png?v=2')).toBe('https://api.example.com/uploads/a1.png?v=2')
    expect(apiUrl('media/p1.mp3')).toBe('https://api.example.com/media/p1.mp3')
  })

  it('resolves a path against the API origin even when the API base has a path of its own', () => {
    vi.stubEnv('VITE_API_BASE', 'https://gw.example.com/h5-api/')
    expect(apiUrl('/media/a.mp3')).toBe('https://gw.example.com/media/a.mp3')
  })

  it('leaves absolute and protocol-relative URLs, and the empty URL, as they are', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com')
    expect(apiUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(apiUrl('//cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(apiUrl('')).toBe('')
  })

  it('uses the page origin on a local host without an override (pages and API on one server)', () => {
    vi.stubEnv('VITE_API_BASE', '')
    expect(apiUrl('/media/a.mp3')).toBe(`${location.origin}/media/a.mp3`)
  })
})

describe('a share reply read for the page, with the API on another origin', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('loads every picture and recording from the API origin', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com')
    const work = normalizeShare({
      imageUrl: '/media/book/cover.svg',
      userInviter: { avatar: '/media/avatars/a.svg' },
      items: [{ imageUrl: '/media/book/p1.svg', mediaUrl: '/media/book/p1.mp3', audioRecord: { mediaUrl: '/uploads/r1.mp3' } }],
    })
    expect(work.imageUrl).toBe('https://api.example.com/media/book/cover.svg')
    expect(work.inviter.avatar).toBe('https://api.example.com/media/avatars/a.svg')
    expect(work.pages[0]?.imageUrl).toBe('https://api.example.com/media/book/p1.svg')
    expect(work.pages[0]?.clips[0]?.original?.url).toBe('https://api.example.com/media/book/p1.mp3')
    expect(work.pages[0]?.clips[0]?.record?.url).toBe('https://api.example.com/uploads/r1.mp3')
  })
})
