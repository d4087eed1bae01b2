/**
 * The capture script first in every page's <head> (scripts/build/telemetry/capture.es5.js): what it puts
 * on the queue for the whole life of the page, the view it keeps, the report it sends itself while the
 * reporter has not taken over, and when it loads the reporter.
 */
import { describe, expect, it, vi } from 'vitest'
import type { HeadReport } from '../../../common/telemetry/report'
import { REPORTER_CAP_MS } from '../../../scripts/build/telemetry/capture-script'
import { PRODUCTION_PAGE_HOST, resolveApiBase } from '@shared/config/api-hosts'
import { TELEMETRY_QUEUE_GLOBAL, markReady, recordProblem, type TelemetryEntry } from '@shared/telemetry/early'
import { REPORTER_STARTER } from '@shared/telemetry/loader'
import { beacons, hideAndLeave, headView, leave, REPORTER_SRC, reports, restore, runHead } from './support/head'

const w = window as unknown as Record<string, unknown>
const queue = () => w[TELEMETRY_QUEUE_GLOBAL] as TelemetryEntry[]
const problems = () => queue().flatMap((entry) => (entry.type === 'problem' ? [entry.problem] : []))
const reporterLoaded = () => document.head.querySelector(`script[src="${REPORTER_SRC}"]`) !== null
const headReports = () => reports() as HeadReport[]

/** An element of `tag` in the page that fails to load (its error event, as the browser fires it). */
function failedLoad(tag: string, attributes: Record<string, string>): void {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.appendChild(element)
  element.dispatchEvent(new Event('error'))
}

/** The reporter taking over the queue, as shared/field-reporter/start.ts does. */
function reporterTakesOver(): unknown[] {
  const taken: unknown[] = []
  w[TELEMETRY_QUEUE_GLOBAL] = { push: (...entries: unknown[]) => taken.push(...entries) }
  return taken
}

describe('the queue', () => {
  it('takes a picture, a script chunk and a stylesheet that failed to load, with their addresses', () => {
    runHead()
    failedLoad('img', { src: 'https://api.example.com/media/cover.png' })
    failedLoad('link', { rel: 'stylesheet', href: '/assets/page-AbCdEfGh.css' })
    failedLoad('script', { type: 'module', src: '/assets/page-AbCdEfGh.js' })
    failedLoad('link', { rel: 'modulepreload', href: '/assets/core-AbCdEfGh.js' })
    expect(problems()).toEqual([
      { kind: 'image', message: '', file: 'https://api.example.com/media/cover.png', frame: '' },
      { kind: 'css', message: '', file: expect.stringContaining('/assets/page-AbCdEfGh.css'), frame: '' },
      { kind: 'chunk', message: '', file: expect.stringContaining('/assets/page-AbCdEfGh.js'), frame: '' },
      { kind: 'chunk', message: '', file: expect.stringContaining('/assets/core-AbCdEfGh.js'), frame: '' },
    ])
  })

  it('leaves out what is no failed load of the page (a preload of a picture, an audio element)', () => {
    runHead()
    failedLoad('link', { rel: 'preload', as: 'image', href: '/x.png' })
    failedLoad('audio', { src: '/x.mp3' })
    expect(problems()).toEqual([])
  })

  it('counts as lost, not as the page’s problem, a load cut off by the page being left', () => {
    vi.useFakeTimers()
    runHead()
    window.dispatchEvent(new Event('beforeunload'))
    failedLoad('script', { src: '/assets/page-AbCdEfGh.js' })
    failedLoad('img', { src: '/media/cut-off.png' })
    expect(problems()).toEqual([])
    expect(headView().lost).toBe(2)
    // A beforeunload that leaves nothing (a prompt, the app's own link) is forgotten a second later.
    try {
      vi.advanceTimersByTime(1000)
      failedLoad('img', { src: '/media/real.png' })
      expect(problems()).toMatchObject([{ kind: 'image', file: expect.stringContaining('/media/real.png') }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not take the reporter’s file failing to load for a chunk of the page', async () => {
    runHead()
    window.dispatchEvent(new Event('error'))
    vi.useFakeTimers()
    try {
      ;(w[REPORTER_STARTER] as () => void)()
      window.dispatchEvent(new Event('load'))
      vi.advanceTimersByTime(REPORTER_CAP_MS)
    } finally {
      vi.useRealTimers()
    }
    const script = document.head.querySelector(`script[src="${REPORTER_SRC}"]`)!
    script.dispatchEvent(new Event('error'))
    expect(problems().filter((p) => p.kind === 'chunk')).toEqual([])
  })

  it('takes an uncaught error with its message, file and stack, and a rejection with its reason', () => {
    runHead()
    const error = new TypeError('x is undefined')
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined', filename: '/assets/a-AbCdEfGh.js', error }),
    )
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('no reply') }))
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain text' }))
    expect(problems()).toEqual([
      { kind: 'error', message: 'Uncaught TypeError: x is undefined', file: '/assets/a-AbCdEfGh.js', frame: error.stack },
      { kind: 'rejection', message: 'no reply', file: '', frame: expect.stringContaining('no reply') },
      { kind: 'rejection', message: 'plain text', file: '', frame: undefined },
    ])
  })

  it('keeps the page’s own records (early.ts) in order, each with its time', () => {
    runHead()
    markReady()
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/x', status: 500 })
    expect(queue().map((entry) => entry.type)).toEqual(['ready', 'problem'])
    expect(queue().every((entry) => 'at' in entry && typeof entry.at === 'number')).toBe(true)
  })

  it('puts every error, rejection and failed picture after the reporter took over on the reporter’s queue', () => {
    runHead()
    const taken = reporterTakesOver()
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }))
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('late rejection') }))
    failedLoad('img', { src: '/media/late.png' })
    expect(taken).toMatchObject([
      { type: 'problem', problem: { kind: 'error', message: 'late' } },
      { type: 'problem', problem: { kind: 'rejection', message: 'late rejection' } },
      { type: 'problem', problem: { kind: 'image', file: expect.stringContaining('/media/late.png') } },
    ])
  })
})

describe('the view it keeps', () => {
  it('has a random id, seq 0, its navigation kind, its release and start 0, and is the same view the reporter will go on with', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as unknown as PerformanceEntry])
    runHead({ route: '/price_up', atPaint: true })
    expect(headView()).toMatchObject({
      route: '/price_up',
      release: 'a1b2c3d4e5f6',
      sample: 1,
      atPaint: true,
      view: expect.stringMatching(/^[0-9a-z]{11}$/),
      seq: 0,
      nav: 'reload',
      start: 0,
      ready: null,
      lost: 0,
    })
  })

  it('names a navigation it does not know (prerender, none) other, and a page built without a release dev', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'prerender' } as unknown as PerformanceEntry])
    runHead({ release: '' })
    expect(headView()).toMatchObject({ nav: 'other', release: 'dev' })
  })

  it('notes when the page was first hidden (web-vitals’ first hidden time), and only the first time', () => {
    runHead()
    expect(headView().hidden).toBe(Infinity)
    vi.spyOn(performance, 'now').mockReturnValue(1200)
    hideAndLeave()
    vi.spyOn(performance, 'now').mockReturnValue(5000)
    hideAndLeave()
    expect(headView().hidden).toBe(1200)
  })
})

describe('a view that ends before the reporter took over', () => {
  it('is sent by the head as the page is left: its route, release, view, nav and its problems by kind (an API failure by its status)', () => {
    runHead()
    vi.spyOn(performance, 'now').mockReturnValue(300)
    failedLoad('img', { src: '/media/a.png' })
    vi.spyOn(performance, 'now').mockReturnValue(900)
    failedLoad('img', { src: '/media/b.png' })
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/x', status: 0 })
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/y', status: 404 })
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/z', status: 0 })
    hideAndLeave()
    const [report, ...more] = headReports()
    expect(more).toEqual([])
    expect(beacons[0]!.url).toBe(`${location.origin}/v1/telemetry`)
    expect(report).toEqual({
      v: 1,
      head: true,
      route: '/recorded_share',
      release: 'a1b2c3d4e5f6',
      sample: 1,
      view: headView().view,
      seq: 0,
      nav: headView().nav,
      ready: null,
      problems: [
        { kind: 'image', count: 2, at: 300 },
        { kind: 'api', status: 0, count: 2, at: 900 },
        { kind: 'api', status: 404, count: 1, at: 900 },
      ],
      dropped: 0,
      // Outside the app's rollout (no window.kidsRollout).
      cohort: null,
      via: null,
    })
  })

  it('carries no message, file or frame: the head has nothing to scrub with', () => {
    runHead()
    window.dispatchEvent(new ErrorEvent('error', { message: 'share Xk29QpL7 failed', filename: '/x?r=Xk29QpL7' }))
    leave()
    expect(beacons[0]!.body).not.toContain('Xk29QpL7')
  })

  it('says ready when the page became ready before it was left, in ms since the navigation', () => {
    runHead()
    vi.spyOn(performance, 'now').mockReturnValue(812.4)
    markReady()
    leave()
    expect(headReports()[0]!.ready).toBe(812)
  })

  it('takes a page with no load cycle as ready at its first contentful paint, unless it was hidden before it', () => {
    const paint = vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ startTime: 420 } as PerformanceEntry])
    runHead({ atPaint: true })
    leave()
    expect(headReports()[0]!.ready).toBe(420)

    beacons.length = 0
    delete w[TELEMETRY_QUEUE_GLOBAL]
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    runHead({ atPaint: true })
    paint.mockReturnValue([{ startTime: 420 } as PerformanceEntry])
    leave()
    expect(headReports()[0]!.ready).toBeNull()
  })

  it('is sent as the page is about to be left before its load event (WebKit fires no pagehide then), and not after it', () => {
    runHead()
    window.dispatchEvent(new Event('beforeunload'))
    expect(headReports()).toMatchObject([{ seq: 0 }])
    window.dispatchEvent(new Event('load'))
    failedLoad('img', { src: '/media/a.png' })
    window.dispatchEvent(new Event('beforeunload'))
    expect(beacons).toHaveLength(1)
  })

  it('is sent as it starts in WebKit, which fires nothing for a page left before its <body> is parsed; not in Blink', () => {
    runHead({
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148',
    })
    expect(headReports()).toMatchObject([{ head: true, seq: 0, ready: null, problems: [] }])
    beacons.length = 0
    delete w[TELEMETRY_QUEUE_GLOBAL]
    runHead()
    expect(beacons).toEqual([])
  })

  it('sends a page ready at its first paint again once it has painted, though nothing was pushed', () => {
    const paint = vi.spyOn(performance, 'getEntriesByName').mockReturnValue([])
    runHead({ atPaint: true, ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })
    paint.mockReturnValue([{ startTime: 420 } as PerformanceEntry])
    leave()
    expect(headReports().map((r) => [r.seq, r.ready])).toEqual([
      [0, null],
      [1, 420],
    ])
  })

  it('sends nothing more when hidden again with nothing new, and the next seq when something came', () => {
    runHead()
    hideAndLeave()
    hideAndLeave()
    expect(beacons).toHaveLength(1)
    failedLoad('img', { src: '/media/a.png' })
    hideAndLeave()
    expect(headReports().map((r) => r.seq)).toEqual([0, 1])
  })

  it('tells the reporter, once it has the queue, that the page is about to be left before its load event', () => {
    runHead()
    const taken = reporterTakesOver()
    window.dispatchEvent(new Event('beforeunload'))
    expect(taken).toEqual([{ type: 'hidden' }])
    expect(beacons).toEqual([])
  })

  it('is sent no more by the head once the reporter has the queue: the reporter goes on with the next seq', () => {
    runHead()
    hideAndLeave()
    reporterTakesOver()
    failedLoad('img', { src: '/media/a.png' })
    hideAndLeave()
    expect(beacons).toHaveLength(1)
    expect(headView().seq).toBe(1)
  })

  it('sends nothing for a view left out of the sample', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75)
    runHead({ sample: 0.5 })
    recordProblem({ kind: 'boundary', message: 'x' })
    hideAndLeave()
    expect(beacons).toEqual([])
    expect(w.__kidsView).toBeUndefined()
  })
})

describe('a restore from the back-forward cache before the reporter came', () => {
  it('is a view of its own: a new id, nav restore, seq 0, none of the last view’s problems, ready at once if it was', () => {
    runHead()
    markReady()
    failedLoad('img', { src: '/media/a.png' })
    hideAndLeave()
    const first = headView().view
    vi.spyOn(performance, 'now').mockReturnValue(60_000)
    restore()
    expect(headView()).toMatchObject({ nav: 'restore', seq: 0, start: 60_000, ready: 0 })
    expect(headView().view).not.toBe(first)
    expect(queue()).toHaveLength(0)
    hideAndLeave()
    const [, again] = headReports()
    expect(again).toMatchObject({ view: headView().view, nav: 'restore', seq: 0, ready: 0, problems: [] })
  })
})

describe('sending', () => {
  it('goes to the API the build was given, else to the API of the page’s host (shared/config/api-hosts.ts)', () => {
    runHead({ apiBase: 'https://api.example.com/' })
    leave()
    expect(beacons[0]!.url).toBe('https://api.example.com/v1/telemetry')
  })

  it('picks the API by the page’s host as the page’s own requests do (resolveApiBase)', () => {
    const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM
    const before = location.href
    try {
      for (const origin of [
        'http://localhost:3000',
        'http://127.0.0.1:8080',
        `https://${PRODUCTION_PAGE_HOST}`,
        'https://h5-test.example.net',
      ]) {
        happyDOM.setURL(`${origin}/price_up`)
        beacons.length = 0
        runHead()
        leave()
        expect(beacons[0]!.url, origin).toBe(`${resolveApiBase(location.hostname, location.origin, '')}/v1/telemetry`)
      }
    } finally {
      happyDOM.setURL(before)
    }
  })

  it('falls back to fetch with keepalive, without credentials, where sendBeacon refuses', () => {
    const sent = vi.fn((..._args: unknown[]) => Promise.resolve(new Response(null)))
    vi.stubGlobal('fetch', sent)
    vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: () => false }))
    runHead()
    leave()
    expect(sent).toHaveBeenCalledOnce()
    expect(sent.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'omit' })
    expect(headView().lost).toBe(0)
  })

  it('counts a beacon that could not leave as lost: sendBeacon refused and fetch failed or threw', async () => {
    vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: () => false }))
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    runHead()
    leave()
    await Promise.resolve()
    vi.stubGlobal('fetch', () => {
      throw new TypeError('no fetch')
    })
    failedLoad('img', { src: '/media/a.png' })
    leave()
    expect(headView().lost).toBe(2)
  })
})

describe('loading the reporter', () => {
  it('waits for the page to start and the document to load, then for an idle moment', async () => {
    vi.useFakeTimers()
    runHead()
    failedLoad('img', { src: '/x.png' })
    expect(reporterLoaded()).toBe(false)
    ;(w[REPORTER_STARTER] as () => void)()
    await vi.advanceTimersByTimeAsync(100)
    expect(reporterLoaded()).toBe(true)
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1)
  })

  it(`loads it after ${REPORTER_CAP_MS} ms even when the page's code never starts (a white screen)`, async () => {
    vi.useFakeTimers()
    runHead()
    await vi.advanceTimersByTimeAsync(REPORTER_CAP_MS - 1)
    expect(reporterLoaded()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(reporterLoaded()).toBe(true)
  })

  it('loads it at once for a fatal problem: a chunk that failed, the error boundary, an error before ready', () => {
    for (const fatal of [
      () => failedLoad('script', { src: '/assets/page-AbCdEfGh.js' }),
      () => recordProblem({ kind: 'boundary', message: 'x' }),
      () => window.dispatchEvent(new ErrorEvent('error', { message: 'boom' })),
    ]) {
      runHead()
      fatal()
      expect(reporterLoaded()).toBe(true)
      document.head.replaceChildren()
    }
  })

  it('does not hurry for an error after the page was ready, nor for a failed picture', () => {
    runHead()
    markReady()
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }))
    failedLoad('img', { src: '/x.png' })
    expect(reporterLoaded()).toBe(false)
  })

  it('leaves a view out of the sample without a reporter, its queue keeping nothing', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.75)
    runHead({ sample: 0.5 })
    recordProblem({ kind: 'boundary', message: 'x' })
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }))
    await vi.advanceTimersByTimeAsync(REPORTER_CAP_MS * 2)
    expect(reporterLoaded()).toBe(false)
    expect(Array.isArray(w[TELEMETRY_QUEUE_GLOBAL])).toBe(false)
  })

  it('keeps a view drawn into the sample', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25)
    runHead({ sample: 0.5 })
    recordProblem({ kind: 'image', message: '', file: '/x.png' })
    expect(problems()).toHaveLength(1)
  })
})
