import { describe, expect, it } from 'vitest'
import { isProductionApi, PRODUCTION_API_BASE, PRODUCTION_PAGE_HOST, resolveApiBase, TEST_API_BASE } from '@shared/config/api-hosts'

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
