import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { discoverRoutes, resolveRoute } from '../../../scripts/build/routes'

function pagesTree(folders: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pages-'))
  for (const folder of folders) {
    mkdirSync(join(dir, folder), { recursive: true })
    writeFileSync(join(dir, folder, 'index.html'), '<!doctype html>')
  }
  mkdirSync(join(dir, 'recorded_share', 'parts'), { recursive: true })
  return dir
}

describe('discoverRoutes', () => {
  it('finds every folder with an index.html, nested ones included, and maps home to /', () => {
    const dir = pagesTree(['home', 'recorded_share', 'generate_book/list', 'generate_book/create'])
    expect(discoverRoutes(dir)).toEqual(['', 'generate_book/create', 'generate_book/list', 'recorded_share'])
  })

  it('adds a page when a folder is added', () => {
    const dir = pagesTree(['home'])
    mkdirSync(join(dir, 'price_up'))
    writeFileSync(join(dir, 'price_up', 'index.html'), '')
    expect(discoverRoutes(dir)).toContain('price_up')
  })
})

describe('resolveRoute', () => {
  const routes = ['', 'recorded_share', 'generate_book/list']

  it('serves a route with and without a trailing slash', () => {
    expect(resolveRoute('/recorded_share', routes)).toBe('recorded_share')
    expect(resolveRoute('/recorded_share/', routes)).toBe('recorded_share')
    expect(resolveRoute('/generate_book/list', routes)).toBe('generate_book/list')
    expect(resolveRoute('/generate_book/list/index.html', routes)).toBe('generate_book/list')
  })

  it('serves a page at the aliases its descriptor declares (home: /wechat, /app, /about_app)', () => {
    const aliases = { wechat: '', app: '', about_app: '' }
    for (const path of ['/', '/wechat', '/app/', '/about_app']) expect(resolveRoute(path, routes, aliases)).toBe('')
    expect(resolveRoute('/wechat', routes)).toBeNull()
  })

  it('answers null for an unknown route, the home folder itself and prototype names', () => {
    for (const path of ['/nope', '/home', '/generate_book', '/constructor', '/recorded_share/x']) {
      expect(resolveRoute(path, routes)).toBeNull()
    }
  })
})
