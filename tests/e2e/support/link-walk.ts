/**
 * Every way out of every built page leads to a built page or an allowed external address (issue 15):
 * each page, in both fixtures, is opened at its demo links (and bare), then every button of a route
 * (by name) is pressed once on a fresh load, and every button of a dialog that opens. What the page tries to reach is
 * recorded: link hrefs, navigations (location changes, the app's URL scheme), window.open, and the URLs
 * handed to the host (openWebPage, shareUrl, shareWeb), and each native share's thumbnail (a PNG or JPEG,
 * absolute, a file that exists). The built pages are read from dist/, so pages
 * added later are walked without changing this test. One file per fixture (link-walk-browser.test.ts,
 * link-walk-app.test.ts), so the two walks run side by side in the two test workers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demoLinks } from '../../../server/demo-links'
import { BRAND } from '../../../shared/config/brand'
import { openPhone, type Fixture } from './browser'
import { serverUrl } from './server'

export const DIST = resolve(import.meta.dirname, '../../../dist')

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

export const ROUTES = builtRoutes()
/** Where the pages may send a visitor outside this site (brand config). */
const EXTERNAL = [BRAND.website, BRAND.downloadUrl, BRAND.appStoreUrl, BRAND.androidStoreUrl]
/** Buttons whose press changes shared demo data other tests rely on; their outcome is no address. */
const SKIP = new Set(['删除', '提交', '完成提交', '保存', '领取扩容礼包', '拖动排序', '返回'])

/** Why `target` (seen on a page at `origin`) is no way out, or null when it is one. */
function problem(target: string, origin: string): string | null {
  if (target.startsWith(THUMBNAIL)) return thumbnailProblem(target.slice(THUMBNAIL.length), origin)
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

/** A share's thumbnail among the targets (handedOver): `thumbnail:<url>`. */
const THUMBNAIL = 'thumbnail:'

/**
 * A native share's thumbnail (docs/decisions.md "Share thumbnails"): absolute, a PNG or JPEG, on the
 * pages' origin (a built file) or the API's (its media; the same server here).
 */
function thumbnailProblem(thumbnail: string, origin: string): string | null {
  let url: URL
  try {
    url = new URL(thumbnail)
  } catch {
    return 'a thumbnail that is not an absolute URL'
  }
  if (!/\.(png|jpe?g)$/i.test(url.pathname)) return 'a thumbnail that is not a PNG or JPEG'
  if (url.origin !== origin) return "a thumbnail on neither the pages' nor the API's origin"
  const built = existsSync(join(DIST, decodeURIComponent(url.pathname)))
  return built || /^\/(media|uploads)\//.test(url.pathname) ? null : `no file at ${url.pathname}`
}

interface Recorder {
  /** The URLs the pages tried to reach (navigations, the app's URL scheme), filled as it happens. */
  seen: Set<string>
  /** The one navigation the walk makes itself: it loads; every other one is recorded and stopped. */
  allowLoad(url: string): void
  /** Stops the navigations of a page (each page of the context, before it loads anything). */
  watch(page: Page): Promise<void>
  /** How long no request has been in flight, in ms (0 while one is). */
  quietFor(): number
}

/**
 * Starts recording what the pages of `context` try to reach. Navigations away are recorded and
 * stopped (Chrome's Fetch domain, not Playwright's routing, which turns the HTTP cache off: with the
 * cache on, the hundreds of fresh loads of the walk reuse the scripts instead of fetching and compiling
 * them each time), so the walk stays on the page; requests to other origins are stopped: nothing leaves.
 */
async function record(context: BrowserContext, origin: string): Promise<Recorder> {
  const seen = new Set<string>()
  let loading: string | null = null
  // Requests in flight, and when the last one started or ended: how long the network has been idle.
  let inFlight = 0
  let lastActivity = Date.now()
  context.on('request', () => ((inFlight += 1), (lastActivity = Date.now())))
  const ended = () => ((inFlight -= 1), (lastActivity = Date.now()))
  context.on('requestfinished', ended)
  context.on('requestfailed', ended)
  await context.addInitScript(() => {
    const opened: string[] = ((window as unknown as { __opened: string[] }).__opened = [])
    window.open = (url?: string | URL) => (opened.push(String(url)), null)
  })
  context.on('request', (request) => {
    if (request.isNavigationRequest() && !request.frame().parentFrame() && request.url() !== loading) seen.add(request.url())
  })
  const watch = async (page: Page) => {
    const cdp = await context.newCDPSession(page)
    cdp.on('Fetch.requestPaused', ({ requestId, request, resourceType }) => {
      const stop = resourceType === 'Document' ? request.url !== loading : !request.url.startsWith(origin)
      const answer = stop
        ? cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' })
        : cdp.send('Fetch.continueRequest', { requestId })
      answer.catch(() => {}) // the page may be gone
    })
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] })
  }
  return { seen, allowLoad: (url) => void (loading = url), watch, quietFor: () => (inFlight > 0 ? 0 : Date.now() - lastActivity) }
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
        // Every native share's card picture is checked too (problem: THUMBNAIL).
        if (call.name === 'shareUrl') urls.push(`thumbnail:${String((payload as { thumbnail?: unknown } | null)?.thumbnail)}`)
      }
      return urls
    })
    .catch(() => [])
}

/** A route's HTML: the home page's aliases are byte-identical copies, walked once. */
const htmlOf = (route: string) => readFileSync(join(DIST, route, 'index.html'), 'utf8')

/** The start URLs of each route: its demo links for this fixture, and the bare route (once per distinct HTML). */
function startPaths(fixture: Fixture): string[] {
  const demo = demoLinks(DIST).filter((l) => l.inApp === (fixture === 'app') || !l.path.includes('fakeHostToken'))
  const distinct = new Map<string, string>() // HTML → its first route
  for (const route of ROUTES) if (!distinct.has(htmlOf(route))) distinct.set(htmlOf(route), route)
  const paths = new Set<string>([...distinct.values()].map((route) => `/${route}`))
  for (const link of demo) if (!link.path.includes('fakeHostToken')) paths.add(link.path)
  const only = process.env.LINK_WALK_ONLY // debugging: one start path
  return [...paths].filter((p) => !only || only.split(',').includes(p)).sort()
}

const buttonNames = (page: Page, scope: string) =>
  page
    .locator(`${scope} button:visible, ${scope} [role="button"]:visible`)
    .evaluateAll((els) => els.map((el) => (el.getAttribute('aria-label') || el.textContent || '').trim()))

/** One step of the walk: open a start path (and read its buttons), press one of its buttons, or one of a dialog's. */
type Step = { path: string; press?: undefined } | { path: string; press: { index: number; name: string }; inner?: string }

/** What the first load of a path showed, once the network had been idle for 500 ms: its visible buttons. */
type Loaded = Map<string, string[]>

/**
 * The buttons already queued for a press, by route and name: a button's way out is decided by its
 * route's code, so `打开App` on `/recorded_share?r=demo-book` is not pressed again on
 * `/recorded_share?r=demo-cat8`, nor a second `播放` on the same page. Each start path is still opened
 * and its links read; only the repeated presses (half of the walk) are left out.
 */
type Queued = Set<string>

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Walks every start path in `lanes` contexts side by side, adding every target it finds to `found`
 * (target → where). The walk mostly waits (a load to settle, 400 ms after a press), so lanes overlap
 * well; each press is a step of its own, so a page with many buttons is shared out between the lanes.
 */
async function walkAll(fixture: Fixture, paths: readonly string[], lanes: number, found: Map<string, string>): Promise<void> {
  const queue: Step[] = paths.map((path) => ({ path }))
  const loaded: Loaded = new Map()
  const queued: Queued = new Set()
  let busy = 0
  const failures: unknown[] = [] // the first error stops every lane
  const lane = async () => {
    const lane = await walker(fixture, loaded, queued, found)
    while (failures.length === 0) {
      const step = queue.shift()
      if (!step) {
        if (busy === 0) break
        await pause(50) // another lane may still add steps
        continue
      }
      busy += 1
      try {
        queue.push(...(await lane.take(step)))
      } catch (error) {
        failures.push(error)
      } finally {
        busy -= 1
      }
    }
    await lane.close()
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  if (failures.length > 0) throw failures[0] as Error
}

interface Walker {
  /** Takes one step; returns the steps it discovered. */
  take(step: Step): Promise<Step[]>
  close(): Promise<void>
}

/** A context of its own that takes steps one at a time. */
async function walker(fixture: Fixture, loaded: Loaded, queued: Queued, found: Map<string, string>): Promise<Walker> {
  const phone = await openPhone(fixture)
  const { context, baseUrl } = phone
  let page = phone.page
  const { seen, allowLoad, watch, quietFor } = await record(context, baseUrl)
  await watch(page)
  const buttons = () => page.locator('body button:visible, body [role="button"]:visible')
  /** The first load of a path: every request settled (500 ms of network idle); remembers its buttons. */
  const openFirst = async (path: string) => {
    allowLoad(baseUrl + path)
    await page.goto(baseUrl + path)
    await page.waitForLoadState('networkidle')
    const names = await buttonNames(page, 'body')
    loaded.set(path, names)
    return names
  }
  /**
   * A fresh load before a press: done when the page shows the same buttons as on its first load and no
   * request has been in flight for 150 ms. A page that shows other buttons by then (a press changed the
   * demo data, or it is slow) gets the full network-idle wait, like its first load.
   */
  const open = async (path: string) => {
    allowLoad(baseUrl + path)
    await page.goto(baseUrl + path)
    const expected = JSON.stringify(loaded.get(path))
    for (const deadline = Date.now() + 3000; Date.now() < deadline; await pause(50)) {
      if (quietFor() >= 150 && JSON.stringify(await buttonNames(page, 'body')) === expected) return
    }
    await page.waitForLoadState('networkidle')
  }
  const collect = async (where: string) => {
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
    for (const target of [...hrefs, ...seen, ...(await handedOver(page))]) if (!found.has(target)) found.set(target, where)
    // After trying the app's URL scheme, Chromium ignores the tab's later script navigations: a new tab.
    if ([...seen].some((url) => url.startsWith(BRAND.appScheme))) {
      await page.close()
      page = await context.newPage()
      await watch(page)
    }
    seen.clear()
  }
  const take = async (step: Step): Promise<Step[]> => {
    const { path, press } = step
    if (!press) {
      // Step: open the page and read its links; then each button is pressed once on a fresh load.
      const names = await openFirst(path)
      await collect(path)
      // Each button with its index among all the visible buttons (the skipped ones count too).
      const route = new URL(path, baseUrl).pathname
      const fresh = (name: string) => {
        const key = `${route} ${name}`
        if (queued.has(key)) return false
        queued.add(key)
        return true
      }
      return [...names.entries()]
        .filter(([, name]) => name && !SKIP.has(name) && fresh(name))
        .map(([index, name]) => ({ path, press: { index, name } }))
    }
    await open(path)
    const button = buttons().nth(press.index)
    if (((await button.getAttribute('aria-label')) || (await button.textContent()) || '').trim() !== press.name) return []
    if (step.inner === undefined) {
      // Step: press the button; a dialog it opens gets each of its buttons pressed, each on a fresh load.
      await button
        .click({ timeout: 2000 })
        .catch((e) => process.env.LINK_WALK_ONLY && console.log('CLICK FAIL', press.name, String(e).slice(0, 200)))
      await page.waitForTimeout(400)
      if (process.env.LINK_WALK_ONLY) console.log('CLICKED', press.name, [...seen])
      await collect(`${path} → ${press.name}`)
      if ((await page.getByRole('dialog').count()) !== 1) return []
      const inner = (await buttonNames(page, '[role="dialog"]')).filter((n) => n && !SKIP.has(n) && n !== '取消')
      return inner.map((innerName) => ({ path, press, inner: innerName }))
    }
    await button.click({ timeout: 2000 }).catch(() => {})
    await page
      .getByRole('dialog')
      .getByRole('button', { name: step.inner, exact: true })
      .first()
      .click({ timeout: 2000 })
      .catch(() => {})
    await page.waitForTimeout(400)
    await collect(`${path} → ${press.name} → ${step.inner}`)
    return []
  }
  return { take, close: () => context.close() }
}

/** Contexts walking at once. */
const LANES = 3

/** The walk of every built page in `fixture`, as a test of its own. */
export function describeLinkWalk(fixture: Fixture): void {
  describe(`every way out of every built page in the ${fixture} fixture`, () => {
    it('leads to a built page or an allowed external address', async () => {
      expect(ROUTES).toEqual(expect.arrayContaining(['', 'price_up', 'recorded_share', '404']))
      const paths = startPaths(fixture)
      const found = new Map<string, string>() // target → where it was found
      await walkAll(fixture, paths, LANES, found)
      const baseUrl = serverUrl()
      const bad = [...found].map(([target, where]) => ({ target, where, why: problem(target, baseUrl) })).filter((f) => f.why)
      console.log(`[link walk, ${fixture}] ${found.size} targets from ${paths.length} start URLs:\n${[...found.keys()].join('\n')}`)
      expect(bad).toEqual([])
    }, 600_000)
  })
}
