/**
 * The capture script first in every page's <head> (scripts/build/telemetry/capture-script.ts): what it
 * puts on the queue from the very start, and when it loads the reporter.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureScript, REPORTER_CAP_MS } from '../../../scripts/build/telemetry/capture-script'
import { TELEMETRY_QUEUE_GLOBAL, markReady, recordProblem, type TelemetryEntry } from '@shared/telemetry/early'
import { REPORTER_STARTER } from '@shared/telemetry/loader'

let listeners: [string, EventListenerOrEventListenerObject, unknown][]
const w = window as unknown as Record<string, unknown>

/** Runs the capture script as the HTML does, in a head with the reporter's template. */
function capture(sample = 1): void {
  document.head.innerHTML = '<template id="kids-reporter" data-route="/price_up" data-src="/assets/reporter-AbCdEfGh.js"></template>'
  // In the global scope, as an inline script runs (happy-dom runs no inline script of its own here).
  window.eval(captureScript(sample))
}
const queue = () => w[TELEMETRY_QUEUE_GLOBAL] as TelemetryEntry[]
const problems = () => queue().flatMap((entry) => (entry.type === 'problem' ? [entry.problem] : []))
const reporterLoaded = () => document.head.querySelector('script[src="/assets/reporter-AbCdEfGh.js"]') !== null

/** An element of `tag` in the page that fails to load (its error event, as the browser fires it). */
function failedLoad(tag: string, attributes: Record<string, string>): void {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.appendChild(element)
  element.dispatchEvent(new Event('error'))
}

/** happy-dom's settings: it loads no file, and by default says so with an error event of its own. */
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings

beforeEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = true
  listeners = []
  const add = window.addEventListener.bind(window)
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener!, options])
    add(type, listener, options as AddEventListenerOptions)
  })
})

afterEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = false
  for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options as EventListenerOptions)
  delete w[TELEMETRY_QUEUE_GLOBAL]
  delete w[REPORTER_STARTER]
  document.head.replaceChildren()
  document.body.replaceChildren()
})

describe('the capture script', () => {
  it('puts a picture, a script chunk and a stylesheet that failed to load on the queue, with their addresses', () => {
    capture()
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
    capture()
    failedLoad('link', { rel: 'preload', as: 'image', href: '/x.png' })
    failedLoad('audio', { src: '/x.mp3' })
    expect(problems()).toEqual([])
  })

  it('puts an uncaught error with its message, file and stack, and a rejection with its reason', () => {
    capture()
    const error = new TypeError('x is undefined')
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined', filename: '/assets/a-AbCdEfGh.js', error }),
    )
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('no reply') })
    window.dispatchEvent(rejection)
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'plain text' }))
    expect(problems()).toEqual([
      { kind: 'error', message: 'Uncaught TypeError: x is undefined', file: '/assets/a-AbCdEfGh.js', frame: error.stack },
      { kind: 'rejection', message: 'no reply', file: '', frame: expect.stringContaining('no reply') },
      { kind: 'rejection', message: 'plain text', file: '', frame: undefined },
    ])
  })

  it('keeps the page’s own records (early.ts) on the same queue, in order, each with its time', () => {
    capture()
    markReady()
    recordProblem({ kind: 'api', message: '', endpoint: '/v1/x', status: 500 })
    expect(queue().map((entry) => entry.type)).toEqual(['ready', 'problem'])
    expect(queue().every((entry) => typeof entry.at === 'number')).toBe(true)
  })
})

describe('loading the reporter', () => {
  it('waits for the page to start and the document to load, then for an idle moment', async () => {
    vi.useFakeTimers()
    capture()
    failedLoad('img', { src: '/x.png' })
    expect(reporterLoaded()).toBe(false)
    ;(w[REPORTER_STARTER] as () => void)()
    await vi.advanceTimersByTimeAsync(100)
    expect(reporterLoaded()).toBe(true)
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1)
    vi.useRealTimers()
  })

  it(`loads it after ${REPORTER_CAP_MS} ms even when the page's code never starts (a white screen)`, async () => {
    vi.useFakeTimers()
    capture()
    await vi.advanceTimersByTimeAsync(REPORTER_CAP_MS - 1)
    expect(reporterLoaded()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(reporterLoaded()).toBe(true)
    vi.useRealTimers()
  })

  it('loads it at once for a fatal problem: a chunk that failed, the error boundary, an error before ready', () => {
    for (const fatal of [
      () => failedLoad('script', { src: '/assets/page-AbCdEfGh.js' }),
      () => recordProblem({ kind: 'boundary', message: 'x' }),
      () => window.dispatchEvent(new ErrorEvent('error', { message: 'boom' })),
    ]) {
      capture()
      fatal()
      expect(reporterLoaded()).toBe(true)
      document.head.replaceChildren()
    }
  })

  it('does not hurry for an error after the page was ready, nor for a failed picture', () => {
    capture()
    markReady()
    window.dispatchEvent(new ErrorEvent('error', { message: 'late' }))
    failedLoad('img', { src: '/x.png' })
    expect(reporterLoaded()).toBe(false)
  })

  it('leaves a view out of the sample without a reporter, its queue keeping nothing', async () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.75)
    capture(0.5)
    recordProblem({ kind: 'boundary', message: 'x' })
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }))
    await vi.advanceTimersByTimeAsync(REPORTER_CAP_MS * 2)
    expect(reporterLoaded()).toBe(false)
    expect(Array.isArray(w[TELEMETRY_QUEUE_GLOBAL])).toBe(false)
    vi.useRealTimers()
  })

  it('keeps a view drawn into the sample', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.25)
    capture(0.5)
    recordProblem({ kind: 'image', message: '', file: '/x.png' })
    expect(problems()).toHaveLength(1)
  })
})
