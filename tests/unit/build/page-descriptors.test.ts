// @vitest-environment node
/** scripts/build/pages/descriptors.ts: every route's page.ts, loaded as the build loads it, and as the manifest carries it. */
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PageDescriptor } from '../../../shared/app/define-page'
import { aliasesOf, describePage, loadPages, typicalQuery } from '../../../scripts/build/pages/descriptors'
import { discoverRoutes } from '../../../scripts/build/routes'

const root = resolve(import.meta.dirname, '../../..')
const pagesDir = resolve(root, 'pages')
let pages: Map<string, PageDescriptor>

beforeAll(async () => {
  pages = await loadPages(root, pagesDir, discoverRoutes(pagesDir), { '@shared': resolve(root, 'shared') })
}, 60_000)

describe('the page descriptors', () => {
  it('are loaded for every route, without sending anything', () => {
    expect([...pages.keys()]).toEqual(discoverRoutes(pagesDir))
    for (const [route, page] of pages) expect(page.title, route).not.toBe('')
  })

  it('give every page a demo link, and need a signed-in user where the API does', () => {
    // docs/contracts/api.md "Auth": every call but the share lookup needs a token.
    const PUBLIC_PATHS = new Set(['/v1/share/uar'])
    for (const [route, page] of pages) {
      expect(page.demoLinks.length, route).toBeGreaterThan(0)
      const { firstRequests } = describePage(page)
      if (firstRequests.length === 0) continue
      expect(page.signedIn, route).toBe(firstRequests.some((request) => !PUBLIC_PATHS.has(request.path)))
    }
    expect([...pages.values()].filter((page) => page.signedIn).length).toBeGreaterThan(0)
  })

  it('serve the home page at its aliases', () => {
    expect(aliasesOf(pages)).toEqual({ wechat: '', app: '', about_app: '' })
  })

  it('describe a share link by its code, and its first request for the probe values', () => {
    const share = pages.get('recorded_share')!
    expect(typicalQuery(share)).toEqual({ r: 'probe' })
    expect(describePage(share)).toMatchObject({
      params: { r: { kind: 'text', required: true }, title: { kind: 'text', required: false }, isNeedBackWeb: { kind: 'flag' } },
      firstRequests: [{ path: '/v1/share/uar', params: { r: 'probe' }, preloadImage: 'data.imageUrl' }],
      signedIn: false,
    })
  })

  it('refuse an alias two pages claim', () => {
    const home = pages.get('')!
    expect(() =>
      aliasesOf(
        new Map([
          ['', home],
          ['price_up', { ...pages.get('price_up')!, aliases: ['app'] }],
        ]),
      ),
    ).toThrow('/app')
  })
})
