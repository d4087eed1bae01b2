/**
 * The HTML's head as the build writes it (its release meta, the capture script of
 * scripts/build/telemetry/capture-script.ts, the reporter's template), run in happy-dom, with the beacons
 * the page sends caught. The capture script's and the reporter's unit tests both start from it: the
 * hand-over between the two is tested as it happens in a page.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest'
import type { HeadReport, TelemetryReport } from '../../../../common/telemetry/report'
import { captureScript, type CaptureOptions } from '../../../../scripts/build/telemetry/capture-script'
import { TELEMETRY_QUEUE_GLOBAL } from '@shared/telemetry/early'
import { REPORTER_STARTER, VIEW_GLOBAL, type HeadView } from '@shared/telemetry/loader'
import { reportErrors } from '../../../report-schema'

export const REPORTER_SRC = '/assets/reporter-AbCdEfGh.js'

/** The beacons sent so far: `sendBeacon` takes them unless a test makes it refuse. */
export let beacons: { url: string; body: string }[] = []
let listeners: [string, EventListenerOrEventListenerObject, unknown][] = []
const w = window as unknown as Record<string, unknown>

/** A phone's Chrome: an engine that fires pagehide for a page left at any time (WebKit's user agent makes the head report at start). */
export const CHROME_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

/** Runs the head of a page built with `options` (route `/recorded_share`, every view reported, unless told), under user agent `ua`. */
export function runHead({
  release = 'a1b2c3d4e5f6',
  ua = CHROME_UA,
  ...options
}: Partial<CaptureOptions> & { release?: string; ua?: string } = {}): void {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true })
  document.head.innerHTML =
    (release ? `<meta name="kids-release" content="${release}">` : '') +
    `<template id="kids-reporter" data-src="${REPORTER_SRC}"></template>`
  // In the global scope, as an inline script runs (happy-dom runs no inline script of its own here).
  window.eval(captureScript({ sample: 1, route: '/recorded_share', atPaint: false, ...options }))
}

/** The view the head keeps on window. */
export const headView = () => w[VIEW_GLOBAL] as HeadView

/** The reports sent so far, parsed, each checked against the server's schema (a head report against its own). */
export function reports(): (TelemetryReport | HeadReport)[] {
  return beacons.map(({ body }) => {
    expect(reportErrors(body), body).toEqual([])
    return JSON.parse(body) as TelemetryReport | HeadReport
  })
}

/** The page is left: pagehide (a browser also hides it first: see hideAndLeave). */
export const leave = () => window.dispatchEvent(new Event('pagehide'))

/** The page is hidden, then left, as a browser leaves it. */
export function hideAndLeave(): void {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
  leave()
  Reflect.deleteProperty(document, 'visibilityState')
}

/** Back from the back-forward cache (happy-dom's PageTransitionEvent leaves `persisted` out). */
export const restore = () => window.dispatchEvent(Object.defineProperty(new Event('pageshow'), 'persisted', { value: true }))

/** happy-dom's settings: it loads no file, and by default says so with an error event of its own. */
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings

beforeEach(() => {
  // The reporter's script "loads" (and does nothing): its failure would be a problem of the page.
  settings.handleDisabledFileLoadingAsSuccess = true
  beacons = []
  listeners = []
  const add = window.addEventListener.bind(window)
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener!, options])
    add(type, listener, options as AddEventListenerOptions)
  })
  const addToDocument = document.addEventListener.bind(document)
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([`document:${type}`, listener!, options])
    addToDocument(type, listener, options as AddEventListenerOptions)
  })
  vi.stubGlobal('navigator', Object.assign(navigator, { sendBeacon: (url: string, body: string) => (beacons.push({ url, body }), true) }))
})

afterEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = false
  // The listeners stay on the window this worker shares with the next files.
  for (const [type, listener, options] of listeners)
    if (type.startsWith('document:')) document.removeEventListener(type.slice(9), listener, options as EventListenerOptions)
    else window.removeEventListener(type, listener, options as EventListenerOptions)
  for (const key of [TELEMETRY_QUEUE_GLOBAL, VIEW_GLOBAL, REPORTER_STARTER]) delete w[key]
  document.head.replaceChildren()
  document.body.replaceChildren()
  history.replaceState(null, '', '/')
  Reflect.deleteProperty(navigator, 'userAgent')
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
