/**
 * The field reporter in a page (shared/field-reporter/start.ts), behind the HTML's head as the build
 * writes it (support/head.ts): it goes on with the head's view, takes over the queue, sends one valid
 * report per view as the page is hidden or left, at once for a fatal problem, counts what it lost, and
 * sends nothing private.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TelemetryReport } from '../../../common/telemetry/report'
import { TELEMETRY_QUEUE_GLOBAL, markAudioTried, markReady, recordProblem } from '@shared/telemetry/early'
import { startReporter } from '@shared/field-reporter/start'
import { beacons, headView, hideAndLeave, leave, reports, restore, runHead } from './support/head'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2lnbmF0dXJl'
const SHARE_CODE = 'Xk29QpL7mTt4rWz8'
const PHONE = '13800138000'
const APP_UA = `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 com.kidsenglish.app version_2.12.0 appId_kidsenglish-android token_${JWT}`

/** The reporter's reports (a head report before it fails the test's type). */
const sent = () => reports() as TelemetryReport[]

/** A page with its head run (as built with `options`), in the app's user agent by default. */
const page = ({ ua = APP_UA, ...options }: Parameters<typeof runHead>[0] = {}) => runHead({ ua, ...options })

const failedPicture = (src: string) => {
  const img = document.createElement('img')
  img.src = src
  document.body.appendChild(img)
  img.dispatchEvent(new Event('error'))
}

describe('the reporter', () => {
  it('sends one report when the page is left, with what was recorded before and after it came', () => {
    // A view drawn into a sample of half the views.
    vi.spyOn(Math, 'random').mockReturnValue(0.25)
    page({ sample: 0.5 })
    // Before the reporter: the HTML's capture and the page's code record on the queue.
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 503 })
    markReady()
    startReporter()
    markAudioTried()
    recordProblem({ kind: 'image', message: '', file: 'https://api.example.com/media/cover.png?sig=1' })
    hideAndLeave()
    const [report, ...more] = sent()
    expect(more).toEqual([])
    expect(beacons[0]!.url).toBe(`${location.origin}/v1/telemetry`)
    expect(report).toMatchObject({
      v: 1,
      route: '/recorded_share',
      release: 'a1b2c3d4e5f6',
      client: 'app',
      os: 'android',
      appVersion: '2.12.0',
      engine: 'blink',
      engineMajor: 126,
      sample: 0.5,
      view: headView().view,
      seq: 0,
      final: true,
      audioTried: true,
      dropped: 0,
      lost: 0,
    })
    expect(report!.ready).not.toBeNull()
    expect(report!.problems.map((p) => [p.kind, p.endpoint ?? p.file, p.status])).toEqual([
      ['api', '/v1/share/uar', 503],
      ['image', '/media/cover.png', undefined],
    ])
  })

  it('goes on with the view the head already reported: the same id, the next seq, everything so far', () => {
    page()
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 500 })
    // Hidden (the reader switched apps) before the reporter came: the head sends the view so far.
    hideAndLeave()
    startReporter()
    markReady()
    hideAndLeave()
    const [fromHead, fromReporter] = reports()
    expect(fromHead).toMatchObject({ head: true, seq: 0, problems: [{ kind: 'api', count: 1 }] })
    expect(fromReporter).toMatchObject({
      view: fromHead!.view,
      seq: 1,
      final: true,
      problems: [{ kind: 'api', endpoint: '/v1/share/uar' }],
    })
    expect((fromReporter as TelemetryReport).ready).not.toBeNull()
  })

  it('counts an uncaught error, a rejection and a broken picture that come long after it took over', () => {
    page()
    markReady()
    startReporter()
    window.dispatchEvent(new ErrorEvent('error', { message: 'late', filename: '/assets/a-AbCd1234.js', lineno: 1, colno: 2 }))
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('late rejection') }))
    failedPicture('/media/late.png')
    hideAndLeave()
    expect(sent()[0]!.problems.map((p) => p.kind)).toEqual(['error', 'rejection', 'image'])
  })

  it('sends the view when the page is about to be left before its load event, where WebKit fires no pagehide', () => {
    page()
    startReporter()
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 0 })
    window.dispatchEvent(new Event('beforeunload'))
    expect(sent()).toMatchObject([{ seq: 0, final: true, problems: [{ kind: 'api' }] }])
  })

  it('sends a fatal problem at once, then the view at the hide with the next seq', () => {
    page()
    startReporter()
    recordProblem({ kind: 'boundary', message: 'Cannot read properties of undefined' })
    expect(sent()).toMatchObject([{ seq: 0, final: false, ready: null, problems: [{ kind: 'boundary' }] }])
    markReady()
    leave()
    expect(sent()[1]).toMatchObject({ seq: 1, final: true, problems: [{ kind: 'boundary' }] })
    expect(sent()[1]!.ready).not.toBeNull()
    expect(sent()[0]!.view).toBe(sent()[1]!.view)
  })

  it('sends a fatal problem recorded before it came as soon as it has taken the queue', () => {
    page()
    recordProblem({ kind: 'chunk', message: '', file: '/assets/recorded_share-AbCd1234.js' })
    startReporter()
    expect(sent()).toMatchObject([{ final: false, problems: [{ kind: 'chunk', file: '/assets/recorded_share-AbCd1234.js' }] }])
  })

  it('passes on the first screen painter’s failure, as a problem that is not fatal', () => {
    page()
    startReporter()
    recordProblem({ kind: 'first-screen', message: 'to-dom: unsupported prop aspectRatio' })
    expect(beacons).toEqual([])
    leave()
    expect(sent()[0]!.problems).toMatchObject([{ kind: 'first-screen', message: 'to-dom: unsupported prop aspectRatio' }])
  })

  it('starts a new view when the page comes back from the back-forward cache: the head’s new view', () => {
    page()
    startReporter()
    markReady()
    failedPicture('/media/a.png')
    leave()
    restore()
    leave()
    const [first, second] = sent()
    expect(second).toMatchObject({ nav: 'restore', seq: 0, final: true, ready: 0, problems: [], view: headView().view })
    expect(second!.view).not.toBe(first!.view)
  })

  it('goes on with a restore the head started before it came: nav restore, measured from the restore, nothing of the view before', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate', responseStart: 80, name: location.href } as unknown as PerformanceEntry,
    ])
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ startTime: 400 } as PerformanceEntry])
    page()
    failedPicture('/media/a.png')
    hideAndLeave()
    vi.spyOn(performance, 'now').mockReturnValue(30_000)
    restore()
    startReporter()
    leave()
    const [first, again] = reports()
    expect(first).toMatchObject({ head: true, nav: 'navigate', problems: [{ kind: 'image' }] })
    expect(again).toMatchObject({ nav: 'restore', seq: 0, problems: [], vitals: { ttfb: 0, fcp: null, lcp: null } })
    expect(again!.view).not.toBe(first!.view)
  })

  it('reports a page with no load cycle ready at its first paint', () => {
    page({ route: '/price_up', atPaint: true })
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ name: 'first-contentful-paint', startTime: 420 } as PerformanceEntry])
    startReporter()
    // Left as a browser leaves a page: hidden, then pagehide; one report.
    hideAndLeave()
    expect(sent()).toMatchObject([{ route: '/price_up', ready: 420, vitals: { fcp: 420 } }])
  })

  it('sends a report the server takes from a view left open more than an hour, its times held at the hour', () => {
    const hours = (n: number) => n * 3_600_000
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate', responseStart: hours(1.5) } as unknown as PerformanceEntry,
    ])
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ name: 'first-contentful-paint', startTime: hours(2) } as PerformanceEntry])
    vi.spyOn(performance, 'now').mockReturnValue(hours(3))
    page({ route: '/price_up', atPaint: true })
    startReporter()
    recordProblem({ kind: 'image', message: '', file: '/media/cover.png' })
    leave()
    // reports() checks each body against the server's schema.
    expect(sent()).toMatchObject([
      { ready: hours(1), vitals: { ttfb: hours(1), fcp: hours(1) }, problems: [{ kind: 'image', at: hours(1) }] },
    ])
  })

  it('says release dev for a page built without one, and a browser that is not the app', () => {
    page({ release: '', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })
    startReporter()
    leave()
    // In WebKit the head reported the view as it started (seq 0); the reporter goes on with seq 1.
    const [start, report] = reports()
    expect(start).toMatchObject({ head: true, release: 'dev', seq: 0, ready: null })
    expect(report).toMatchObject({ release: 'dev', client: 'browser', os: 'ios', appVersion: null, engine: 'webkit', seq: 1 })
  })

  it('sends nothing private from hostile input: a token in the user agent, a share code, a phone number, a query in a stack', () => {
    page()
    startReporter()
    recordProblem({
      kind: 'error',
      message: `share ${SHARE_CODE} failed for ${PHONE} at https://h5.example.com/recorded_share?r=${SHARE_CODE}&token=${JWT}`,
      file: `https://h5.example.com/recorded_share?r=${SHARE_CODE}`,
      frame: `Error\n    at load (https://h5.example.com/assets/recorded_share-AbCd1234.js?token=${JWT}:1:2345)`,
    })
    recordProblem({ kind: 'api', message: '', endpoint: `/v1/share/uar?r=${SHARE_CODE}`, status: 500 })
    recordProblem({ kind: 'recording', message: '', file: `https://api.example.com/media/${PHONE}/rec.mp3?token=${JWT}` })
    leave()
    const [fatal, last] = beacons.map((b) => b.body)
    for (const body of [fatal!, last!])
      for (const secret of [JWT, 'c2lnbmF0dXJl', SHARE_CODE, PHONE, 'token', '?r=', 'kidsenglish-android'])
        expect(body).not.toContain(secret)
    expect(JSON.parse(last!).problems).toMatchObject([
      { kind: 'error', file: '/recorded_share', frame: '/assets/recorded_share-AbCd1234.js:1:2345' },
      { kind: 'api', endpoint: '/v1/share/uar', status: 500 },
      { kind: 'recording', file: '/media/…/rec.mp3' },
    ])
  })

  it('sends no value of the page’s URL, of 6 to 15 characters, in a message, a picture’s path or a frame', () => {
    const codes = ['qwertz', 'Qx7k2m9', '73492105', 'pLm3Zq8Rt', 'mxqvbztplk', 'T4vW9-yB2nK7', 'aJdkLxQwErTyUio']
    history.replaceState(
      null,
      '',
      `/recorded_share?r=${codes[0]}&a=${codes[1]}&b=${codes[2]}&c=${codes[3]}&d=${codes[4]}#e=${codes[5]}&${codes[6]}`,
    )
    page()
    markReady()
    startReporter()
    for (const code of codes) {
      window.dispatchEvent(new ErrorEvent('error', { message: `no share ${code}`, error: { stack: `at f (https://h5/x/${code}.js:1:2)` } }))
      failedPicture(`/media/${code}/cover.png`)
    }
    leave()
    const { body } = beacons[0]!
    expect(JSON.parse(body).problems.length).toBeGreaterThanOrEqual(2)
    for (const code of codes) expect(body, code).not.toContain(code)
  })

  it('keeps a report within 16 KB, counting the problems it leaves out', () => {
    page()
    startReporter()
    markReady()
    // 30 distinct problems of 200 Chinese characters each (600 bytes) in message and frame: about 36 KB.
    for (let i = 0; i < 30; i++)
      recordProblem({ kind: 'error', message: `${i}${'出错'.repeat(100)}`, frame: `/a${i}/${'长'.repeat(180)}.js:1:1` })
    leave()
    expect(new Blob([beacons[0]!.body]).size).toBeLessThanOrEqual(16 * 1024)
    const report = sent()[0]!
    expect(report.problems.length + report.dropped).toBe(30)
    expect(report.dropped).toBeGreaterThan(0)
  })
})

describe('what it lost', () => {
  it('leaves out what is not an entry, and counts it as lost: a kind the schema does not know, an event of its own', () => {
    page()
    const queue = (window as unknown as Record<string, unknown[]>)[TELEMETRY_QUEUE_GLOBAL]!
    for (const entry of [
      null,
      'x',
      { type: 'problem', problem: { kind: 'nope' }, at: 1 },
      { type: 'restored', problem: { kind: 'api' }, at: 1 },
    ])
      queue.push(entry)
    startReporter()
    leave()
    expect(sent()[0]).toMatchObject({ problems: [], lost: 4 })
  })

  it('counts a beacon that could not leave in the view’s next beacon', async () => {
    page()
    startReporter()
    vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: () => false }))
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    leave()
    await Promise.resolve()
    await Promise.resolve()
    const caught: string[] = []
    vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: (_url: string, body: string) => (caught.push(body), true) }))
    failedPicture('/media/a.png')
    leave()
    expect(JSON.parse(caught[0]!)).toMatchObject({ seq: 1, lost: 1 })
  })

  it('counts its own failure, and the page goes on', () => {
    page()
    startReporter()
    vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new Error('reporter bug')
    })
    expect(() => leave()).not.toThrow()
    expect(headView().lost).toBe(1)
  })
})

describe("the app's rollout facts (window.kidsRollout, set by the host at document start)", () => {
  const w = window as unknown as Record<string, unknown>
  afterEach(() => {
    delete w.kidsRollout
  })

  it('reports the cohort and the source the host set, as the head read them when the page started', () => {
    w.kidsRollout = { cohort: 'canary', via: 'package' }
    page()
    w.kidsRollout = { cohort: 'stable', via: 'network' }
    startReporter()
    hideAndLeave()
    expect(sent()[0]).toMatchObject({ cohort: 'canary', via: 'package' })
  })

  it("puts them in the head's own report too (a view left before the reporter came)", () => {
    w.kidsRollout = { cohort: 'stable', via: 'network' }
    page()
    hideAndLeave()
    expect(reports()[0]).toMatchObject({ head: true, cohort: 'stable', via: 'network' })
  })

  it.each([
    ['absent', undefined, null, null],
    ['a cohort only', { cohort: 'stable' }, 'stable', null],
    ['an unknown cohort', { cohort: 'beta', via: 'network' }, null, 'network'],
    ['facts of other types', { cohort: ['canary'], via: { toString: (): string => 'package' } }, null, null],
    ['a string', 'canary', null, null],
    ['null', null, null, null],
  ])('reports null for each fact not as agreed: %s', (_, facts, cohort, via) => {
    w.kidsRollout = facts
    page()
    hideAndLeave()
    startReporter()
    hideAndLeave()
    const [head, report] = reports()
    expect(head).toMatchObject({ head: true, cohort, via })
    expect(report).toMatchObject({ cohort, via })
  })

  it('costs nothing when kidsRollout is a getter that throws', () => {
    Object.defineProperty(window, 'kidsRollout', {
      configurable: true,
      get: () => {
        throw new Error('hostile')
      },
    })
    page()
    startReporter()
    hideAndLeave()
    expect(sent()[0]).toMatchObject({ cohort: null, via: null, lost: 0 })
  })
})

it('does nothing in a page without the head’s view (not a page of this build)', () => {
  expect(() => startReporter()).not.toThrow()
  leave()
  expect(beacons).toEqual([])
})
