/**
 * Every way out of every built page leads to a built page or an allowed external address (issue 15):
 * each page, in both fixtures, is opened at its demo links (and bare), then every button is pressed
 * once on a fresh load, and every button of a dialog that opens. What the page tries to reach is
 * recorded: link hrefs, navigations (location changes, the app's URL scheme), window.open, and the URLs
 * handed to the host (openWebPage, shareUrl, shareWeb). The built pages are read from dist/, so pages
 * added later are walked without changing this test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLinks } from '../../server/demo-links'
import { BRAND } from '../../shared/config/brand'
import { closeBrowser, openPhone, type Fixture } from './support/browser'

afterAll(closeBrowser)

const DIST = resolve(import.meta.dirname, '../../dist')

/** Every route with an index.html in dist ('' is the home page), as the server serves it. */
function builtRoutes(): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') || name === 'assets') continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name === 'index.html') routes.push(relative(DIST, dir).split(sep).join('/'))
    }
  }
  walk(DIST)
  return routes.sort()
}

const ROUTES = builtRoutes()
/** Where the pages may send a visitor outside this site (brand config). */
const EXTERNAL = [BRAND.website, BRAND.downloadUrl, BRAND.appStoreUrl, BRAND.androidStoreUrl]
/** Buttons whose press changes shared demo data other tests rely on; their outcome is no address. */
const SKIP = new Set(['删除', '提交', '完成提交', '保存', '领取扩容礼包', '拖动排序', '返回'])

/** Why `target` (seen on a page at `origin`) is no way out, or null when it is one. */
function problem(target: string, origin: string): string | null {
  if (target.startsWith(BRAND.appScheme)) {
    const inner = new URL(target.replace(BRAND.appScheme, 'https://app/')).searchParams.get('url') ?? ''
    return inner ? problem(inner, origin) : 'the app link names no page'
  }
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return 'not a URL'
  }
  if (url.origin === origin) {
    const route = url.pathname.replace(/^\/+|\/+$/g, '').replace(/(^|\/)index\.html$/, '')
    return ROUTES.includes(route) && route !== '404' ? null : `no built page at ${url.pathname}`
  }
  if (url.protocol === 'javascript:') return 'a javascript: URL'
  return EXTERNAL.some((allowed) => url.href.startsWith(allowed)) ? null : 'an external address that is not allowed'
}

/** Starts recording what the pages of `context` try to reach; returns the list (filled as it happens). */
async function record(context: BrowserContext, origin: string): Promise<{ seen: Set<string>; allowLoad: (url: string) => void }> {
  const seen = new Set<string>()
  let loading: string | null = null
  await context.addInitScript(() => {
    const opened: string[] = ((window as unknown as { __opened: string[] }).__opened = [])
    window.open = (url?: string | URL) => (opened.push(String(url)), null)
  })
  context.on('request', (request) => {
    if (request.isNavigationRequest() && !request.frame().parentFrame() && request.url() !== loading) seen.add(request.url())
  })
  // Navigations away are recorded (above) and stopped here, so the walk stays on the page; nothing leaves.
  await context.route('**/*', (route) => {
    const request = route.request()
    const url = request.url()
    if (request.isNavigationRequest() && url !== loading) return route.abort()
    if (!url.startsWith(origin)) return route.abort()
    return route.continue()
  })
  return { seen, allowLoad: (url) => void (loading = url) }
}

/** What the page asked of the host and window.open, with URLs. */
async function handedOver(page: Page): Promise<string[]> {
  return page
    .evaluate(() => {
      const w = window as unknown as { __opened?: string[]; __fakeHost?: { calls: { name: string; payload: unknown }[] } }
      const urls = [...(w.__opened ?? [])]
      for (const call of w.__fakeHost?.calls ?? []) {
        const payload = (typeof call.payload === 'string' ? JSON.parse(call.payload) : call.payload) as { url?: unknown } | null
        if (['openWebPage', 'shareUrl', 'shareWeb'].includes(call.name) && typeof payload?.url === 'string') urls.push(payload.url)
      }
      return urls
    })
    .catch(() => [])
}

/** The start URLs of each route: its demo links for this fixture, and the bare route. */
function startPaths(fixture: Fixture): string[] {
  const demo = demoLinks(DIST).filter((l) => l.inApp === (fixture === 'app') || !l.path.includes('fakeHostToken'))
  const paths = new Set<string>(ROUTES.map((route) => `/${route}`))
  for (const link of demo) if (!link.path.includes('fakeHostToken')) paths.add(link.path)
  const only = process.env.LINK_WALK_ONLY // debugging: one start path
  return [...paths].filter((p) => !only || only.split(',').includes(p)).sort()
}

const buttonNames = (page: Page, scope: string) =>
  page
    .locator(`${scope} button:visible, ${scope} [role="button"]:visible`)
    .evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') || el.textContent || '').trim()))

describe.each<Fixture>(['browser', 'app'])('every way out of every built page in the %s fixture', (fixture) => {
  it('leads to a built page or an allowed external address', async () => {
    expect(ROUTES).toEqual(expect.arrayContaining(['', 'price_up', 'recorded_share', '404']))
    const phone = await openPhone(fixture)
    const { context, baseUrl } = phone
    let page = phone.page
    const { seen, allowLoad } = await record(context, baseUrl)
    const found = new Map<string, string>() // target → where it was found
    const open = async (path: string) => {
      allowLoad(baseUrl + path)
      await page.goto(baseUrl + path)
      await page.waitForLoadState('networkidle')
    }
    const collect = async (where: string) => {
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
      for (const target of [...hrefs, ...seen, ...(await handedOver(page))]) if (!found.has(target)) found.set(target, where)
      // After trying the app's URL scheme, Chromium ignores the tab's later script navigations: a new tab.
      if ([...seen].some((url) => url.startsWith(BRAND.appScheme))) {
        await page.close()
        page = await context.newPage()
      }
      seen.clear()
    }
    for (const path of startPaths(fixture)) {
      // Step: open the page and read its links.
      await open(path)
      await collect(path)
      // Each button with its index among all the visible buttons (the skipped ones count too).
      const names = [...(await buttonNames(page, 'body')).entries()].filter(([, name]) => name && !SKIP.has(name))
      // Step: press each button once on a fresh load (and each button of a dialog it opens).
      for (const [i, name] of names) {
        await open(path)
        const button = page.locator('body button:visible, body [role="button"]:visible').nth(i)
        if (((await button.getAttribute('aria-label')) || (await button.textContent()) || '').trim() !== name) continue
        await button
          .click({ timeout: 2000 })
          .catch((e) => process.env.LINK_WALK_ONLY && console.log('CLICK FAIL', name, String(e).slice(0, 200)))
        await page.waitForTimeout(400)
        if (process.env.LINK_WALK_ONLY) console.log('CLICKED', name, [...seen])
        await collect(`${path} → ${name}`)
        const dialog = page.getByRole('dialog')
        if ((await dialog.count()) !== 1) continue
        const inner = (await buttonNames(page, '[role="dialog"]')).filter((n) => n && !SKIP.has(n) && n !== '取消')
        for (const innerName of inner) {
          await open(path)
          await page
            .locator('body button:visible, body [role="button"]:visible')
            .nth(i)
            .click({ timeout: 2000 })
            .catch(() => {})
          await page
            .getByRole('dialog')
            .getByRole('button', { name: innerName, exact: true })
            .first()
            .click({ timeout: 2000 })
            .catch(() => {})
          await page.waitForTimeout(400)
          await collect(`${path} → ${name} → ${innerName}`)
        }
      }
    }
    const bad = [...found].map(([target, where]) => ({ target, where, why: problem(target, baseUrl) })).filter((f) => f.why)
    console.log(
      `[link walk, ${fixture}] ${found.size} targets from ${startPaths(fixture).length} start URLs:\n${[...found.keys()].join('\n')}`,
    )
    expect(bad).toEqual([])
    await phone.context.close()
  }, 600_000)
})

describe('the built pages', () => {
  it.each(ROUTES)('/%s has a description and Open Graph title, description and image', (route) => {
    const html = readFileSync(join(DIST, route, 'index.html'), 'utf8')
    for (const tag of ['name="description"', 'property="og:title"', 'property="og:description"', 'property="og:image"']) {
      expect(html, `${route} lacks ${tag}`).toMatch(new RegExp(`<meta ${tag} content="[^"]+"`))
    }
  })
})
