/**
 * The field reporter in a page (shared/field-reporter/start.ts): it takes over the queue, sends one
 * valid report per view as the page is hidden or left, at once for a fatal problem, and nothing private.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TelemetryReport } from '../../../common/telemetry/report'
import { TELEMETRY_QUEUE_GLOBAL, markAudioTried, markReady, recordProblem } from '@shared/telemetry/early'
import { startReporter } from '@shared/field-reporter/start'
import { reportErrors } from '../../report-schema'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2lnbmF0dXJl'
const SHARE_CODE = 'Xk29QpL7mTt4rWz8'
const PHONE = '13800138000'
const APP_UA = `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 com.kidsenglish.app version_2.12.0 appId_kidsenglish-android token_${JWT}`

let beacons: { url: string; body: string }[]
let listeners: [string, EventListenerOrEventListenerObject, unknown][]

/** The reports sent so far, each checked against the server's schema. */
function reports(): TelemetryReport[] {
  return beacons.map(({ body }) => {
    expect(reportErrors(body)).toEqual([])
    return JSON.parse(body) as TelemetryReport
  })
}

const hide = () => window.dispatchEvent(new Event('pagehide'))

function page({ route = '/recorded_share', release = 'a1b2c3d4e5f6', ua = APP_UA, atPaint = false } = {}) {
  document.head.innerHTML =
    `<meta name="kids-release" content="${release}">` +
    `<template id="kids-reporter" data-route="${route}" data-src="/assets/reporter-AbCdEfGh.js"${atPaint ? ' data-ready-at-paint' : ''}></template>`
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true })
}

beforeEach(() => {
  beacons = []
  listeners = []
  const add = window.addEventListener.bind(window)
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener!, options])
    add(type, listener, options as AddEventListenerOptions)
  })
  vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: (url: string, body: string) => (beacons.push({ url, body }), true) }))
  page()
})

afterEach(() => {
  // The reporter's listeners stay on the window this worker shares with the next files.
  for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options as EventListenerOptions)
  delete (window as unknown as Record<string, unknown>)[TELEMETRY_QUEUE_GLOBAL]
  Reflect.deleteProperty(navigator, 'userAgent')
})

describe('the reporter', () => {
  it('sends one report when the page is left, with what was recorded before and after it came', () => {
    // Before the reporter: the HTML's capture and the page's code record on the queue.
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 503 })
    markReady()
    startReporter(0.5)
    markAudioTried()
    recordProblem({ kind: 'image', message: '', file: 'https://api.example.com/media/cover.png?sig=1' })
    hide()
    hide()
    const [report, ...more] = reports()
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
      seq: 0,
      final: true,
      audioTried: true,
      dropped: 0,
    })
    expect(report!.ready).not.toBeNull()
    expect(report!.problems.map((p) => [p.kind, p.endpoint ?? p.file, p.status])).toEqual([
      ['api', '/v1/share/uar', 503],
      ['image', '/media/cover.png', undefined],
    ])
  })

  it('sends a fatal problem at once, then the view at the hide with the next seq', () => {
    startReporter(1)
    recordProblem({ kind: 'boundary', message: 'Cannot read properties of undefined' })
    expect(reports()).toMatchObject([{ seq: 0, final: false, ready: null, problems: [{ kind: 'boundary' }] }])
    markReady()
    hide()
    expect(reports()[1]).toMatchObject({ seq: 1, final: true, problems: [{ kind: 'boundary' }] })
    expect(reports()[1]!.ready).not.toBeNull()
    expect(reports()[0]!.view).toBe(reports()[1]!.view)
  })

  it('sends a fatal problem recorded before it came as soon as it has taken the queue', () => {
    recordProblem({ kind: 'chunk', message: '', file: '/assets/recorded_share-AbCd1234.js' })
    startReporter(1)
    expect(reports()).toMatchObject([{ final: false, problems: [{ kind: 'chunk', file: '/assets/recorded_share-AbCd1234.js' }] }])
  })

  it('passes on the first screen painter’s failure, as a problem that is not fatal', () => {
    startReporter(1)
    recordProblem({ kind: 'first-screen', message: 'to-dom: unsupported prop aspectRatio' })
    expect(beacons).toEqual([])
    hide()
    expect(reports()[0]!.problems).toMatchObject([{ kind: 'first-screen', message: 'to-dom: unsupported prop aspectRatio' }])
  })

  it('starts a new view when the page comes back from the back-forward cache', () => {
    startReporter(1)
    markReady()
    hide()
    // (happy-dom's PageTransitionEvent leaves `persisted` out.)
    window.dispatchEvent(Object.defineProperty(new Event('pageshow'), 'persisted', { value: true }))
    hide()
    const [first, second] = reports()
    expect(second).toMatchObject({ nav: 'restore', seq: 0, final: true, problems: [] })
    expect(second!.view).not.toBe(first!.view)
  })

  it('reports a page with no load cycle ready at its first paint', () => {
    page({ route: '/price_up', atPaint: true })
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ name: 'first-contentful-paint', startTime: 420 } as PerformanceEntry])
    startReporter(1)
    // Left as a browser leaves a page: hidden, then pagehide; one report.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    hide()
    Reflect.deleteProperty(document, 'visibilityState')
    expect(reports()).toMatchObject([{ route: '/price_up', ready: 420 }])
  })

  it('sends a report the server takes from a view left open more than an hour, its times held at the hour', () => {
    const hours = (n: number) => n * 3_600_000
    page({ route: '/price_up', atPaint: true })
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate', responseStart: hours(1.5) } as unknown as PerformanceEntry,
    ])
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{ name: 'first-contentful-paint', startTime: hours(2) } as PerformanceEntry])
    vi.spyOn(performance, 'now').mockReturnValue(hours(3))
    startReporter(1)
    recordProblem({ kind: 'image', message: '', file: '/media/cover.png' })
    hide()
    // reports() checks each body against the server's schema.
    expect(reports()).toMatchObject([
      { ready: hours(1), vitals: { ttfb: hours(1), fcp: hours(1) }, problems: [{ kind: 'image', at: hours(1) }] },
    ])
  })

  it('says release dev for a page built without one, and a browser that is not the app', () => {
    page({ release: '', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })
    startReporter(1)
    hide()
    expect(reports()[0]).toMatchObject({ release: 'dev', client: 'browser', os: 'ios', appVersion: null, engine: 'webkit' })
  })

  it('sends nothing private from hostile input: a token in the user agent, a share code, a phone number, a query in a stack', () => {
    startReporter(1)
    recordProblem({
      kind: 'error',
      message: `share ${SHARE_CODE} failed for ${PHONE} at https://h5.example.com/recorded_share?r=${SHARE_CODE}&token=${JWT}`,
      file: `https://h5.example.com/recorded_share?r=${SHARE_CODE}`,
      frame: `Error\n    at load (https://h5.example.com/assets/recorded_share-AbCd1234.js?token=${JWT}:1:2345)`,
    })
    recordProblem({ kind: 'api', message: '', endpoint: `/v1/share/uar?r=${SHARE_CODE}`, status: 500 })
    recordProblem({ kind: 'recording', message: '', file: `https://api.example.com/media/${PHONE}/rec.mp3?token=${JWT}` })
    hide()
    const [fatal, last] = beacons.map((b) => b.body)
    for (const body of [fatal!, last!]) {
      expect(reportErrors(body)).toEqual([])
      for (const secret of [JWT, 'c2lnbmF0dXJl', SHARE_CODE, PHONE, 'token', '?r=', 'kidsenglish-android'])
        expect(body).not.toContain(secret)
    }
    expect(JSON.parse(last!).problems).toMatchObject([
      { kind: 'error', file: '/recorded_share', frame: '/assets/recorded_share-AbCd1234.js:1:2345' },
      { kind: 'api', endpoint: '/v1/share/uar', status: 500 },
      { kind: 'recording', file: '/media/…/rec.mp3' },
    ])
  })

  it('keeps a report within 16 KB, counting the problems it leaves out', () => {
    startReporter(1)
    markReady()
    // 30 distinct problems of 200 Chinese characters each (600 bytes) in message and frame: about 36 KB.
    for (let i = 0; i < 30; i++)
      recordProblem({ kind: 'error', message: `${i}${'出错'.repeat(100)}`, frame: `/a${i}/${'长'.repeat(180)}.js:1:1` })
    hide()
    expect(beacons[0]!.body.length).toBeLessThan(16 * 1024)
    expect(new Blob([beacons[0]!.body]).size).toBeLessThanOrEqual(16 * 1024)
    const report = reports()[0]!
    expect(report.problems.length + report.dropped).toBe(30)
    expect(report.dropped).toBeGreaterThan(0)
  })

  it('leaves out what is not an entry: a problem of a kind the schema does not know, an event of its own', () => {
    ;(window as unknown as Record<string, unknown[]>)[TELEMETRY_QUEUE_GLOBAL] = [
      null,
      'x',
      { type: 'problem', problem: { kind: 'nope' }, at: 1 },
      // The reporter's own events are not the page's to record (a restore without a view id).
      { type: 'restored', problem: { kind: 'api' }, at: 1 },
    ]
    startReporter(1)
    hide()
    expect(reports()[0]!.problems).toEqual([])
  })

  it('falls back to fetch with keepalive, without credentials, where sendBeacon refuses', () => {
    const sent = vi.fn((..._args: unknown[]) => Promise.resolve(new Response(null)))
    vi.stubGlobal('fetch', sent)
    vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: () => false }))
    startReporter(1)
    hide()
    expect(sent).toHaveBeenCalledOnce()
    expect(sent.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true, mode: 'no-cors', credentials: 'omit' })
    expect(reportErrors((sent.mock.calls[0]![1] as { body: string }).body)).toEqual([])
  })

  it('does nothing in a page without its template (not a page of this build)', () => {
    document.head.innerHTML = ''
    expect(() => startReporter(1)).not.toThrow()
    hide()
    expect(beacons).toEqual([])
  })
})
