/**
 * Field reports (docs/telemetry.md, issue 38 item 1): every page a person opens sends one valid report
 * per view as it is left, with its route, release, client and ready, and nothing private; a fatal
 * problem arrives at once; an API failure arrives with its endpoint and status.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../scripts/delivery/manifest'
import { demoLinks, demoLinkUrl, readPages } from '../../server/demo-links'
import { DEMO_SHARES, DEMO_TOKENS } from '../../server/seed/demo'
import { startCaptureProxy, type CaptureProxy } from '../webkit/support/capture-proxy'
import { closeBrowser, openPhone, type Fixture } from './support/browser'
import { CHROMIUM_ARGS, CHROMIUM_FULL, PHONE_SCREEN, PHONE_UA } from './support/chromium'
import { parsedReports, releaseOf, reporterLoaded, reportsSettled } from './support/field-reports'
import { serverUrl } from './support/server'

const DIST = join(import.meta.dirname, '../../dist')
const LINKS = demoLinks(DIST)
const PAGES = readPages(DIST) as Record<string, { firstRequests?: unknown[] }>
const ROUTES = Object.keys(PAGES)
/** The delivery tool's view of the build: `deploy --watch` and `health` look a page's reports up by its route and this release. */
const MANIFEST = loadManifest(DIST)

/** What must never be in a report: the demo tokens, the share codes, a query. */
const PRIVATE = [...Object.values(DEMO_TOKENS), ...Object.values(DEMO_SHARES), '?', 'fakeHost', 'token_']

let proxy: CaptureProxy

beforeAll(async () => {
  proxy = await startCaptureProxy(serverUrl(), { inject: false })
})

afterAll(async () => {
  await closeBrowser()
  await proxy?.close()
})

/** The page of each route a fixture opens: its bench link in that fixture, else its first link, else the route itself. */
function pagesOf(fixture: Fixture) {
  const inApp = fixture === 'app'
  return ROUTES.map((route) => {
    const links = LINKS.filter((link) => link.route === route && link.inApp === inApp)
    const link = links.find((l) => l.bench) ?? links[0]
    return { route, url: link ? demoLinkUrl(proxy.url, link) : `${proxy.url}${route}${inApp ? '?fakeHost=app' : ''}`, proof: link?.proof }
  })
}

describe.each<Fixture>(['browser', 'app'])('the field reports of every page in the %s fixture', (fixture) => {
  it('arrive once per view as the page is left, valid, with route, release, client and ready, and nothing private', async () => {
    const phone = await openPhone(fixture, { baseUrl: proxy.url })
    const before = proxy.reports.length
    const views: { route: string; release: string; dataAt: number | null; shownBy: number }[] = []
    for (const { route, url, proof } of pagesOf(fixture)) {
      // Step: open the page as its link would, and wait for what it shows.
      await phone.page.goto(url)
      if (typeof proof === 'string') await phone.page.getByText(proof).first().waitFor()
      else if (proof) await expect.poll(() => phone.page.getByLabel(proof.field).inputValue()).toBe(proof.value)
      // Step: the reporter comes once the page has started and the browser is idle.
      await reporterLoaded(phone.page)
      const timing = await phone.page.evaluate(() => ({
        now: performance.now(),
        // When the page's first API reply had arrived: the data cannot be on screen before (a page
        // with no load cycle, whose content is in its HTML, is ready at its first paint).
        dataAt:
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => new URL(r.name).pathname.startsWith('/v1/'))
            ?.responseEnd ?? null,
      }))
      const loads = (PAGES[route]?.firstRequests?.length ?? 0) > 0
      views.push({ route, release: await releaseOf(phone.page), dataAt: loads ? timing.dataAt : null, shownBy: timing.now })
    }
    // Step: leave the last page too.
    await phone.page.goto('about:blank')
    await reportsSettled(proxy.reports, before + views.length)
    const reports = parsedReports(proxy.reports.slice(before))

    // One report per view, each sent as its page was left (nothing fatal happened), in the order opened.
    expect(reports.map((r) => r.route)).toEqual(views.map((v) => v.route))
    expect(new Set(reports.map((r) => r.view)).size).toBe(views.length)
    reports.forEach((report, i) => {
      const view = views[i]!
      // The release the delivery tool watches this page by: the build's, written into the HTML that ran.
      expect(view.release, view.route).toMatch(/^[0-9a-f]{12}$/)
      expect(view.release, view.route).toBe(MANIFEST.routes[view.route]?.release)
      expect(report, view.route).toMatchObject({
        release: view.release,
        client: fixture,
        os: 'android',
        engine: 'blink',
        engineMajor: 126,
        appVersion: fixture === 'app' ? '2.12.0' : null,
        sample: 1,
        seq: 0,
        final: true,
        nav: 'navigate',
        problems: [],
      })
      // Ready as the bench defines it: by the time the test saw the page's data, and not before its reply was in.
      expect(report.ready, `${view.route}: ready`).not.toBeNull()
      expect(report.ready!, `${view.route}: ready by the time the data was seen`).toBeLessThanOrEqual(view.shownBy)
      if (view.dataAt !== null)
        expect(report.ready!, `${view.route}: ready after its reply`).toBeGreaterThanOrEqual(Math.floor(view.dataAt))
      expect(report.vitals.ttfb, view.route).not.toBeNull()
      expect(report.vitals.fcp, view.route).not.toBeNull()
      expect(report.vitals.cls, view.route).not.toBeNull()
      // Sent as text/plain, so a page on another origin than the API sends it without a preflight.
      expect(report.contentType).toMatch(/^text\/plain/)
      for (const secret of PRIVATE) expect(report.body, `${view.route}: ${secret}`).not.toContain(secret)
    })
    expect(phone.errors).toEqual([])
    await phone.context.close()
  }, 180_000)
})

describe('a view that fails', () => {
  it('sends a chunk that did not load at once, before the page is left', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    const before = proxy.reports.length
    // Step: the page's entry chunk fails to load (a CDN that lost a file): the HTML's error view shows.
    await phone.page.route('**/assets/price_up-*.js', (route) => route.abort())
    await phone.page.goto(`${proxy.url}/price_up`)
    await phone.page.getByRole('button', { name: '重新加载' }).waitFor()
    // Step: the report arrives while the page is still open, not final, with the chunk and the page's route.
    await expect.poll(() => proxy.reports.length).toBeGreaterThan(before)
    const [report] = parsedReports(proxy.reports.slice(before))
    expect(report).toMatchObject({ route: '/price_up', seq: 0, final: false })
    expect(report!.problems).toContainEqual(
      expect.objectContaining({ kind: 'chunk', file: expect.stringMatching(/^\/assets\/price_up-[\w-]{8}\.js$/) }),
    )
    await phone.context.close()
  })

  it('costs the page nothing when the reporter cannot load: the page works as before', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    const tried: string[] = []
    await phone.page.route('**/assets/reporter-*.js', (route) => {
      tried.push(route.request().url())
      return route.abort()
    })
    await phone.page.goto(`${proxy.url}/recorded_share?r=${DEMO_SHARES.book}`)
    await phone.page
      .getByRole('button', { name: /^开始欣赏《/ })
      .first()
      .waitFor()
    // Step: the HTML asks for the reporter once the page is idle, and gets nothing.
    await expect.poll(() => tried.length).toBe(1)
    await phone.page.waitForLoadState('networkidle')
    expect(await phone.page.getByRole('alert').count()).toBe(0)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('sends an API failure with its endpoint and status, and a view never ready', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    const before = proxy.reports.length
    // Step: the share's API answers 500; the page says 加载失败 with 重试.
    await phone.page.route('**/v1/share/uar?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }))
    await phone.page.goto(`${proxy.url}/word_share?r=${DEMO_SHARES.words}`)
    await phone.page.getByRole('button', { name: '重试' }).waitFor()
    await reporterLoaded(phone.page)
    // Step: the reader leaves.
    await phone.page.goto('about:blank')
    await reportsSettled(proxy.reports, before + 1)
    const [report, ...more] = parsedReports(proxy.reports.slice(before))
    expect(more).toEqual([])
    expect(report).toMatchObject({ route: '/word_share', ready: null, final: true })
    expect(report!.problems).toEqual([expect.objectContaining({ kind: 'api', endpoint: '/v1/share/uar', status: 500, count: 1 })])
    expect(report!.body).not.toContain(DEMO_SHARES.words)
    await phone.context.close()
  })
})

/**
 * The back-forward cache needs Debian's full Chromium (the bench's): the headless shell never restores a
 * page from it ("masked"), and Playwright turns it off unless told not to. CI installs it (.ci/run).
 */
const noFullChromium = existsSync(CHROMIUM_FULL) ? null : `the back-forward cache journey needs ${CHROMIUM_FULL} (apt-get install chromium)`
if (noFullChromium && process.env.CI) throw new Error(noFullChromium)
if (noFullChromium) console.warn(`skipped: ${noFullChromium}`)

describe.skipIf(noFullChromium)('a page restored from the back-forward cache', () => {
  it('is a new view: its own id, nav restore, ready at once, sent as it is left again', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_FULL,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    })
    try {
      const context = await browser.newContext({ ...PHONE_SCREEN, userAgent: PHONE_UA })
      const page = await context.newPage()
      const before = proxy.reports.length
      // Step: open the notice, then the 404 page, and go back to the notice, which comes from the cache
      // (no load event: it is shown as it was left).
      await page.goto(`${proxy.url}/price_up`)
      await page.getByRole('button', { name: '查看会员方案' }).waitFor()
      await reporterLoaded(page)
      await page.goto(`${proxy.url}/404`)
      await reporterLoaded(page)
      await page.goBack({ waitUntil: 'commit' })
      await page.getByRole('button', { name: '查看会员方案' }).waitFor()
      const restored = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)
      expect(restored, 'the page came from the back-forward cache (its navigation is still the first one)').toBe('navigate')
      // Step: leave it again.
      await page.goto('about:blank')
      await reportsSettled(proxy.reports, before + 3)
      const [first, notFound, again] = parsedReports(proxy.reports.slice(before))
      expect([first!.route, notFound!.route, again!.route]).toEqual(['/price_up', '/404', '/price_up'])
      expect(first).toMatchObject({ nav: 'navigate', seq: 0 })
      expect(again).toMatchObject({ nav: 'restore', seq: 0, final: true, ready: 0, problems: [] })
      expect(again!.view).not.toBe(first!.view)
      expect(again!.vitals).toMatchObject({ ttfb: 0, fcp: null, lcp: null })
      await context.close()
    } finally {
      await browser.close()
    }
  })
})
