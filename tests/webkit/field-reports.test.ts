/**
 * Field reports in WebKit (docs/telemetry.md; the Chromium journeys are tests/e2e/field-reports.test.ts):
 * WebKitGTK as MiniBrowser, the engine of iOS WebViews, through the capture proxy that keeps the beacons
 * (support/capture-proxy.ts), which also slows what it forwards down to the bench's slow network (WebKit
 * has no network emulation) and runs the journey's own script before the page's (no init scripts here).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { SLOW_PROFILE } from '../../bench/lib/phone'
import { DEMO_SHARES } from '../../server/seed/demo'
import { VIEW_GLOBAL } from '../../shared/telemetry/loader'
import { appUserAgent } from '../e2e/support/browser'
import {
  BROKEN_PICTURE,
  CODE_PROBLEMS,
  CODES,
  CODES_QUERY,
  HOLD_REPORTER,
  LATE_PROBLEMS,
  RELEASE_REPORTER,
} from '../e2e/support/field-probes'
import type { TelemetryReport } from '../../common/telemetry/report'
import { arrivedReports, lastOfEachView, type ArrivedReport } from '../e2e/support/field-reports'
import { CAPTURE_PATH } from './support/capture-proxy'
import { IPHONE_UA, webkitSuite } from './support/suite'
import { waitFor, type Session } from './support/webdriver'

const suite = webkitSuite()

/** The iOS app's user agent: WebKit on iOS with the app's markers. */
const IOS_APP_UA = `${IPHONE_UA} ${appUserAgent().split(' Safari/537.36 ')[1]}`

const reporterLoaded = (session: Session, what: string) =>
  waitFor(`${what}: the reporter`, () => session.execute<boolean>('const q = window.__kidsTelemetry; return !!q && !Array.isArray(q)'))

/** Runs a probe (support/field-probes.ts) and waits until its pictures have failed. */
async function probe(session: Session, script: string): Promise<void> {
  await session.execute(`${script}; return true`)
  await waitFor('the probe’s pictures to fail', () => session.execute<boolean>('return window.__probeDone === true'))
}

/**
 * Waits until the views reported since `before` (the last report of each: the server keeps the highest
 * seq) are `count` and every one's last report is final, then a moment without another report. In WebKit
 * the head reports each view as it starts (seq 0, never ready so far), before its later reports.
 */
async function settled(before: number, count: number): Promise<ArrivedReport[]> {
  const proxy = suite.proxy()
  const views = () => lastOfEachView(arrivedReports(proxy.reports.slice(before)))
  await waitFor(
    `${count} view(s) reported as left`,
    () => Promise.resolve(views().length >= count && views().every((v) => 'head' in v || v.final)),
    15_000,
  )
  let seen = -1
  await waitFor('no more reports', async () => {
    if (seen === proxy.reports.length) return true
    seen = proxy.reports.length
    await new Promise((resolve) => setTimeout(resolve, 500))
    return false
  })
  return views()
}

/** The reporter's report of each view (the test fails on a view whose last report is the head's). */
const fromReporter = (views: ArrivedReport[]) =>
  views.map((view) => {
    expect('head' in view, `the head's report where the reporter's was due: ${view.body}`).toBe(false)
    return view as TelemetryReport & { body: string; contentType: string }
  })

describe('field reports in WebKit', skipBecause(suite.skipWhy), () => {
  /**
   * The journeys in iPhone Safari share one window (opening one takes about 3 s); WebKitWebDriver drives one
   * browser at a time, so a journey that needs another window closes it first (they come last).
   */
  let current: { key: string; session: Session } | undefined
  async function windowFor(key: string, open: () => Promise<Session>): Promise<Session> {
    if (current?.key === key) return current.session
    await current?.session.close()
    current = undefined
    current = { key, session: await open() }
    return current.session
  }
  const safari = () => windowFor('safari', () => suite.webkit().open(IPHONE_UA))
  afterAll(async () => {
    await current?.session.close()
  })

  it('arrive once per view as each page is left, valid, naming WebKit on iOS, the route and ready', async () => {
    const session = await safari()
    const proxy = suite.proxy()
    try {
      const before = proxy.reports.length
      const routes = ['/price_up', '/recorded_share']
      for (const [path, proof] of [
        ['/price_up', '查看会员方案'],
        [`/recorded_share?r=${DEMO_SHARES.book}`, "开始欣赏《Mimi's Sunny Day》"],
      ] as const) {
        // Step: open the page and see its content; its reporter comes once the page has started and WebKit is idle.
        await session.navigate(proxy.url + path)
        await waitFor(`${path}: ${proof}`, () => session.execute<boolean>('return document.body.innerText.includes(arguments[0])', [proof]))
        await reporterLoaded(session, path)
      }
      // Step: leave the last page too.
      await session.navigate('about:blank')
      const reports = fromReporter(await settled(before, routes.length))
      expect(reports.map((r) => r.route)).toEqual(routes)
      for (const report of reports) {
        // Its seq 0 was the head's, as the view started.
        expect(report).toMatchObject({ client: 'browser', os: 'ios', engine: 'webkit', engineMajor: 17, seq: 1, final: true, problems: [] })
        expect(report.ready, report.route).not.toBeNull()
        expect(report.contentType).toMatch(/^text\/plain/)
        expect(report.body).not.toContain(DEMO_SHARES.book)
      }
    } finally {
      // The shared window leaves the page, whatever happened.
      await session.navigate('about:blank').catch(() => {})
    }
  })

  it('count an uncaught error, a rejection and a broken picture that come seconds after the reporter took over', async () => {
    const session = await safari()
    const proxy = suite.proxy()
    try {
      const before = proxy.reports.length
      // Step: open the notice, and let the reporter take over.
      await session.navigate(`${proxy.url}/price_up`)
      await reporterLoaded(session, '/price_up')
      // Step: seconds later, the page throws, a promise is rejected and a picture does not load.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await probe(session, LATE_PROBLEMS)
      await session.navigate('about:blank')
      const [report, ...more] = fromReporter(await settled(before, 1))
      expect(more).toEqual([])
      expect(report).toMatchObject({ route: '/price_up', engine: 'webkit' })
      const problems = report!.problems
      expect(problems).toHaveLength(3)
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'error', message: expect.stringContaining('late field-probe-error'), count: 1 }),
          expect.objectContaining({ kind: 'rejection', message: 'late getBoundingClientRect rejection', count: 1 }),
          expect.objectContaining({ kind: 'image', file: '/media/late-missing.png', count: 1 }),
        ]),
      )
    } finally {
      // The shared window leaves the page, whatever happened.
      await session.navigate('about:blank').catch(() => {})
    }
  })

  it('report a restore after a view left before the reporter came as its own view', async () => {
    const proxy = suite.proxy()
    // The reporter comes when the journey says: the first view ends before it.
    proxy.prelude = HOLD_REPORTER
    const session = await safari()
    try {
      const before = proxy.reports.length
      // Step: open the notice; a picture fails on it; leave it for the 404 page before its reporter came.
      await session.navigate(`${proxy.url}/price_up`)
      await waitFor('the notice', () => session.execute<boolean>("return document.body.innerText.includes('查看会员方案')"))
      await probe(session, BROKEN_PICTURE)
      expect(await session.execute<boolean>('return Array.isArray(window.__kidsTelemetry)')).toBe(true)
      await session.navigate(`${proxy.url}/404`)
      // Step: back to the notice, from the cache; its reporter comes now.
      await session.back()
      await waitFor('the notice shown again from the cache', () =>
        session.execute<boolean>(
          'var s = window.__capture && window.__capture.shows; return !!s && s.length > 1 && s[s.length - 1].persisted',
        ),
      )
      await session.execute(`${RELEASE_REPORTER}; return true`)
      await reporterLoaded(session, 'the restored notice')
      await session.navigate('about:blank')
      const views = await settled(before, 3)
      const notice = views.filter((r) => r.route === '/price_up')
      expect(notice).toHaveLength(2)
      const [first, again] = notice as [ArrivedReport, ArrivedReport]
      expect(first).toMatchObject({ head: true, nav: 'navigate', problems: [expect.objectContaining({ kind: 'image', count: 1 })] })
      expect(again).toMatchObject({ nav: 'restore', seq: 0, ready: 0, problems: [], vitals: { ttfb: 0, fcp: null, lcp: null } })
      expect('head' in again).toBe(false)
      expect(again.view).not.toBe(first.view)
    } finally {
      proxy.prelude = ''
      await session.navigate('about:blank').catch(() => {})
    }
  })

  it('send none of the codes of 6 to 15 characters the page’s URL carries, in a thrown message or a broken picture’s path', async () => {
    const session = await safari()
    const proxy = suite.proxy()
    try {
      const before = proxy.reports.length
      // Step: a link carrying codes in its query and its fragment; the page throws with them and pictures with them fail.
      await session.navigate(`${proxy.url}/price_up?${CODES_QUERY}`)
      await reporterLoaded(session, '/price_up')
      await probe(session, CODE_PROBLEMS)
      await session.navigate('about:blank')
      const reports = fromReporter(await settled(before, 1))
      expect(reports.flatMap((r) => r.problems.map((p) => p.kind))).toEqual(expect.arrayContaining(['error', 'image']))
      // Every beacon, the head's as the view started included.
      for (const { body } of proxy.reports.slice(before)) for (const code of CODES) expect(body, code).not.toContain(code)
    } finally {
      // The shared window leaves the page, whatever happened.
      await session.navigate('about:blank').catch(() => {})
    }
  })

  it('send a view left at 1 s on the slow network from the HTML head: never ready', async () => {
    const session = await windowFor('safari, not waiting for loads', () =>
      suite.webkit().open(IPHONE_UA, undefined, { pageLoadStrategy: 'none' }),
    )
    const proxy = suite.proxy()
    // A new window starts its page process with its first page: a file of the proxy's first, before the slow network.
    await session.navigate(`${proxy.url}${CAPTURE_PATH}`)
    await waitFor('the window to show a file', () => session.execute<boolean>(`return location.pathname === '${CAPTURE_PATH}'`))
    proxy.throttle = { rttMs: SLOW_PROFILE.rttMs, bytesPerSecond: (SLOW_PROFILE.downKbps * 1000) / 8 }
    try {
      const before = proxy.reports.length
      // Step: open a share on the slow network; its head runs as its first bytes come in.
      const opened = Date.now()
      await session.navigate(`${proxy.url}/recorded_share?r=${DEMO_SHARES.book}`)
      await waitFor('the head', () => session.execute<boolean>(`return '${VIEW_GLOBAL}' in window`))
      // Step: the reader leaves at 1 s, long before the page is ready or its reporter has come.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - opened))))
      const reporter = await session.execute<boolean>('return !Array.isArray(window.__kidsTelemetry)')
      const leftAt = Date.now() - opened
      await session.navigate('about:blank')
      expect(reporter).toBe(false)
      expect(leftAt).toBeLessThan(2000)
      proxy.throttle = null
      const [report, ...more] = await settled(before, 1)
      expect(more).toEqual([])
      expect(report).toMatchObject({ head: true, route: '/recorded_share', seq: 0, ready: null })
      expect(report!.contentType).toMatch(/^text\/plain/)
    } finally {
      proxy.throttle = null
      await session.navigate('about:blank').catch(() => {})
    }
  })

  it('report no-bridge for an account page in the app’s user agent without its host, never ready', async () => {
    const session = await windowFor('the iOS app', () => suite.webkit().open(IOS_APP_UA))
    const proxy = suite.proxy()
    try {
      const before = proxy.reports.length
      // Step: an account page opened with the iOS app's user agent and no bridge (no fake host).
      await session.navigate(`${proxy.url}/vip_sale`)
      await waitFor('the open-in-app screen', () => session.execute<boolean>("return document.body.innerText.includes('请在App内打开')"))
      await reporterLoaded(session, '/vip_sale')
      // The screen is in the HTML: the page's code decides (in React's first commit) that the bridge is missing.
      await waitFor('the page’s own code running', () => session.execute<boolean>('return window.__kidsStarted === true'))
      await new Promise((resolve) => setTimeout(resolve, 500))
      await session.navigate('about:blank')
      const [report, ...more] = fromReporter(await settled(before, 1))
      expect(more).toEqual([])
      expect(report).toMatchObject({ route: '/vip_sale', client: 'app', os: 'ios', ready: null })
      expect(report!.problems).toEqual([expect.objectContaining({ kind: 'no-bridge', count: 1 })])
    } finally {
      await session.navigate('about:blank').catch(() => {})
    }
  })
})
