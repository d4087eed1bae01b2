/**
 * Field reports (docs/telemetry.md, issue 38 item 1, issue 45): every page a person opens sends one valid
 * report per view as it is left, with its route, release, client and ready, and nothing private; a fatal
 * problem arrives at once; an API failure arrives with its endpoint and status; problems long after the
 * reporter came are counted; a view left before it came is sent by the HTML's head; a restore is a view
 * of its own; no value of the page's URL leaves; the app's user agent without its host is a no-bridge
 * view. The same journeys in WebKit: tests/webkit/field-reports.test.ts.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { loadManifest } from '../../scripts/delivery/manifest'
import { demoLinks, demoLinkUrl, readPages } from '../../server/demo-links'
import { DEMO_SHARES, DEMO_TOKENS } from '../../server/seed/demo'
import { startCaptureProxy, type CaptureProxy } from '../webkit/support/capture-proxy'
import { closeBrowser, launchBrowser, openPhone, type Fixture } from './support/browser'
import { appUserAgent, CHROMIUM_ARGS, CHROMIUM_FULL, PHONE_SCREEN, PHONE_UA } from './support/chromium'
import { SLOW_PROFILE } from '../../bench/lib/phone'
import { TELEMETRY_QUEUE_GLOBAL } from '../../shared/telemetry/early'
import { VIEW_GLOBAL } from '../../shared/telemetry/loader'
import {
  arrivedReports,
  lastOfEachView,
  parsedReports,
  releaseOf,
  reporterLoaded,
  reportsSettled,
  type ArrivedReport,
} from './support/field-reports'
import { BROKEN_PICTURE, CODE_PROBLEMS, CODES, CODES_QUERY, HOLD_REPORTER, LATE_PROBLEMS, RELEASE_REPORTER } from './support/field-probes'
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
    // Each open a first one: a page drawn from the replies an earlier page kept (the folder's reply, kept by
    // its edit form and its list alike) is ready before its own reply, which is what `ready` is checked against here.
    await phone.context.addInitScript(() => {
      try {
        for (const key of Object.keys(localStorage)) if (key.startsWith('kids-reply:')) localStorage.removeItem(key)
      } catch {
        // about:blank has no storage of its own
      }
    })
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

describe('every problem of a view', () => {
  it('counts an uncaught error, a rejection and a broken picture that come seconds after the reporter took over', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    const before = proxy.reports.length
    // Step: open the notice, and let the reporter take over.
    await phone.page.goto(`${proxy.url}/price_up`)
    await phone.page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await reporterLoaded(phone.page)
    // Step: seconds later, the page throws, a promise is rejected and a picture does not load.
    await phone.page.waitForTimeout(2000)
    await phone.page.evaluate(LATE_PROBLEMS)
    // Step: the reader leaves.
    await phone.page.goto('about:blank')
    await reportsSettled(proxy.reports, before + 1)
    const [report, ...more] = parsedReports(proxy.reports.slice(before))
    expect(more).toEqual([])
    expect(report).toMatchObject({ route: '/price_up', final: true })
    // Each once, in the order the browser dispatched them (a rejection's event may come before the timer's error).
    expect(report!.problems).toHaveLength(3)
    expect(report!.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'error', message: expect.stringContaining('late field-probe-error'), count: 1 }),
        expect.objectContaining({ kind: 'rejection', message: 'late getBoundingClientRect rejection', count: 1 }),
        expect.objectContaining({ kind: 'image', file: '/media/late-missing.png', count: 1 }),
      ]),
    )
    await phone.context.close()
  })
})

describe('a view left early', () => {
  it('on the slow network, left at 1 s, is sent by the HTML head: never ready', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    // Step: the bench's slow network (issue 39: 800 ms RTT, 50 KB/s), as the bench sets it.
    const cdp = await phone.context.newCDPSession(phone.page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PROFILE.rttMs,
      downloadThroughput: (SLOW_PROFILE.downKbps * 1000) / 8,
      uploadThroughput: (SLOW_PROFILE.upKbps * 1000) / 8,
    })
    const before = proxy.reports.length
    // Step: open a share; its head runs as its first bytes come in.
    const opened = Date.now()
    await phone.page.goto(`${proxy.url}/recorded_share?r=${DEMO_SHARES.book}`, { waitUntil: 'commit' })
    await phone.page.waitForFunction((view) => view in window, VIEW_GLOBAL, { polling: 50 })
    // Step: the reader leaves at 1 s, long before the page is ready or its reporter has come.
    await phone.page.waitForTimeout(Math.max(0, 1000 - (Date.now() - opened)))
    const state = await phone.page.evaluate(
      (queue) => ({ reporter: !Array.isArray((window as never)[queue]), ready: document.readyState }),
      TELEMETRY_QUEUE_GLOBAL,
    )
    const leftAt = Date.now() - opened
    await phone.page.goto('about:blank')
    expect(state.reporter).toBe(false)
    expect(leftAt).toBeLessThan(2000)
    await reportsSettled(proxy.reports, before + 1)
    const [report, ...more] = arrivedReports(proxy.reports.slice(before))
    expect(more).toEqual([])
    expect(report).toMatchObject({
      head: true,
      route: '/recorded_share',
      release: MANIFEST.routes['/recorded_share']?.release,
      nav: 'navigate',
      seq: 0,
      ready: null,
    })
    expect(report!.contentType).toMatch(/^text\/plain/)
    expect(report!.body).not.toContain(DEMO_SHARES.book)
    await phone.context.close()
  })
})

describe('a privacy journey', () => {
  it('sends none of the codes of 6 to 15 characters the page’s URL carries, in a thrown message or a broken picture’s path', async () => {
    const phone = await openPhone('browser', { baseUrl: proxy.url })
    const before = proxy.reports.length
    // Step: a link carrying codes in its query and its fragment.
    await phone.page.goto(`${proxy.url}/price_up?${CODES_QUERY}`)
    await phone.page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await reporterLoaded(phone.page)
    // Step: the page throws with the codes in its message, and pictures with the codes in their paths fail.
    await phone.page.evaluate(CODE_PROBLEMS, CODES)
    await phone.page.goto('about:blank')
    await reportsSettled(proxy.reports, before + 1)
    const reports = parsedReports(proxy.reports.slice(before))
    const problems = reports.flatMap((r) => r.problems.map((p) => p.kind))
    expect(problems).toEqual(expect.arrayContaining(['error', 'image']))
    for (const { body } of reports) for (const code of CODES) expect(body, code).not.toContain(code)
    await phone.context.close()
  })
})

describe('a page in the app’s user agent without its host', () => {
  it('reports no-bridge and is never ready', async () => {
    const browser = await launchBrowser()
    const context = await browser.newContext({ ...PHONE_SCREEN, userAgent: appUserAgent() })
    const page = await context.newPage()
    const before = proxy.reports.length
    try {
      // Step: an account page opened with the app's user agent, and no bridge (no fake host).
      await page.goto(`${proxy.url}/vip_sale`)
      await page.getByRole('heading', { name: '请在App内打开' }).waitFor()
      await reporterLoaded(page)
      await page.goto('about:blank')
      await reportsSettled(proxy.reports, before + 1)
      const [report, ...more] = parsedReports(proxy.reports.slice(before))
      expect(more).toEqual([])
      expect(report).toMatchObject({ route: '/vip_sale', client: 'app', ready: null })
      expect(report!.problems).toEqual([expect.objectContaining({ kind: 'no-bridge', count: 1 })])
    } finally {
      await context.close()
    }
  })
})

/**
 * The back-forward cache needs Debian's full Chromium (the bench's): the headless shell never restores a
 * page from it ("masked"), and Playwright turns it off unless told not to. `npm test` installs it (.ci/system-deps.bash).
 */
const noFullChromium = existsSync(CHROMIUM_FULL) ? null : `the back-forward cache journey needs ${CHROMIUM_FULL} (apt-get install chromium)`
if (noFullChromium && process.env.CI) throw new Error(noFullChromium)

describe('a page restored from the back-forward cache', skipBecause(noFullChromium), () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_FULL,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('is a new view: its own id, nav restore, ready at once, sent as it is left again', async () => {
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
  })

  it('after a view left before the reporter came, is its own view too: nav restore, none of the first view’s figures', async () => {
    const context = await browser.newContext({ ...PHONE_SCREEN, userAgent: PHONE_UA })
    // The reporter comes when the journey says: the first view ends before it.
    await context.addInitScript(HOLD_REPORTER)
    const page = await context.newPage()
    const before = proxy.reports.length
    // Step: open the notice; a picture fails on it; leave it for the 404 page before its reporter came.
    await page.goto(`${proxy.url}/price_up`)
    await page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await page.evaluate(BROKEN_PICTURE)
    expect(await page.evaluate((queue) => Array.isArray((window as never)[queue]), TELEMETRY_QUEUE_GLOBAL)).toBe(true)
    await page.goto(`${proxy.url}/404`)
    // Step: back to the notice, from the cache; its reporter comes now.
    await page.goBack({ waitUntil: 'commit' })
    await page.getByRole('button', { name: '查看会员方案' }).waitFor()
    await page.evaluate(RELEASE_REPORTER)
    await reporterLoaded(page)
    await page.goto('about:blank')
    await reportsSettled(proxy.reports, before + 3)
    const views = lastOfEachView(arrivedReports(proxy.reports.slice(before)))
    const notice = views.filter((r) => r.route === '/price_up')
    expect(notice).toHaveLength(2)
    const [first, again] = notice as [ArrivedReport, ArrivedReport]
    expect(first).toMatchObject({ head: true, nav: 'navigate', problems: [expect.objectContaining({ kind: 'image', count: 1 })] })
    expect(again).toMatchObject({ nav: 'restore', seq: 0, ready: 0, problems: [], vitals: { ttfb: 0, fcp: null, lcp: null } })
    expect('head' in again).toBe(false)
    expect(again.view).not.toBe(first.view)
    await context.close()
  })
})
