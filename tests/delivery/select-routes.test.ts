import { describe, expect, it } from 'vitest'
import type { PagesManifest, RouteEntry } from '../../scripts/delivery/manifest'
import { selectRoutes } from '../../scripts/delivery/select-routes'

const route = (path: string, name: string, aliasOf?: string): RouteEntry => ({
  path,
  name,
  html: { file: `${path.slice(1) ? `${path.slice(1)}/` : ''}index.html`, sha256: 'h', size: 1 },
  assets: [],
  ...(aliasOf ? { aliasOf } : {}),
})
const manifest: PagesManifest = {
  version: 1,
  routes: Object.fromEntries(
    [
      route('/', 'home'),
      route('/wechat', 'wechat', '/'),
      route('/price_up', 'price_up'),
      route('/generate_book/list', 'generate_book/list'),
    ].map((r) => [r.path, r]),
  ),
  other: [],
}
const paths = (names: string[]) => selectRoutes(manifest, names).map((r) => r.path)

describe('selectRoutes', () => {
  it('takes a page by its folder name or its URL path', () => {
    expect(paths(['price_up', '/generate_book/list/'])).toEqual(['/generate_book/list', '/price_up'])
  })

  it('brings the routes that show a copy of the picked page', () => {
    expect(paths(['home'])).toEqual(['/', '/wechat'])
    expect(paths(['/'])).toEqual(['/', '/wechat'])
  })

  it('takes an alias on its own', () => {
    expect(paths(['wechat'])).toEqual(['/wechat'])
  })

  it('refuses an unknown page and names the known ones', () => {
    expect(() => paths(['price_up', 'vip_sale'])).toThrow(
      'unknown page vip_sale; pages in this manifest: home, wechat, price_up, generate_book/list',
    )
  })
})
