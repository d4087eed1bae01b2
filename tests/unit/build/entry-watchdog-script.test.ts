/**
 * scripts/build/entry-watchdog.ts: the HTML's script that starts a page's code the build held back
 * (issue 31) and keeps the host's messages until that code takes them. Run as the page runs it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installNativeMessageHandler, subscribeNative } from '@shared/bridge/messages'
import { RESTORED_GLOBAL } from '@shared/config/page-start'
import { ENTRY_CAP_MS, ENTRY_STARTER, watchdogScript } from '../../../scripts/build/entry-watchdog'

type PageWindow = Record<string, unknown> & { onNativeMessage?: (message: unknown) => void }
const w = () => window as unknown as PageWindow

/** A built page whose first screen held its code back (scripts/build/prerender/prefetch.ts deferEntry). */
const HELD =
  '<div id="root"><p>封面</p></div><template id="page-code">' +
  '<link rel="modulepreload" crossorigin href="/assets/entry.js" data-entry>' +
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js"></template>'

const code = () => [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')]

beforeEach(() => {
  vi.useFakeTimers()
  document.head.innerHTML = ''
  document.body.innerHTML = HELD
  delete w().onNativeMessage
  delete w()[ENTRY_STARTER]
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script exactly as the HTML carries it
  new Function(watchdogScript())()
})
afterEach(() => {
  vi.useRealTimers()
  delete w().onNativeMessage
})

describe('the page code the build held back', () => {
  it('is added to <head> once when the first screen starts it: the entry as a module script, its chunks preloaded', () => {
    expect(code()).toEqual([])
    ;(w()[ENTRY_STARTER] as () => void)()
    ;(w()[ENTRY_STARTER] as () => void)()
    expect(code()).toHaveLength(2)
    const entry = document.head.querySelector('script[type="module"]')!
    expect(entry.getAttribute('src')).toBe('/assets/entry.js')
    expect(entry.hasAttribute('crossorigin')).toBe(true)
    expect(document.head.querySelector('link')!.outerHTML).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin="" href="/assets/react.js">',
    )
  })

  it(`starts by itself after ${ENTRY_CAP_MS} ms when nothing started it (a slow reply, a first screen that failed)`, () => {
    vi.advanceTimersByTime(ENTRY_CAP_MS - 1)
    expect(code()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(code()).toHaveLength(2)
  })

  it('waits for the document to be parsed when started before (the template or its content may not be there yet)', () => {
    document.body.innerHTML = '<div id="root"></div><template id="page-code"></template>'
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    try {
      ;(w()[ENTRY_STARTER] as () => void)()
    } finally {
      delete (document as unknown as Record<string, unknown>).readyState
    }
    document.body.innerHTML = HELD
    expect(code()).toEqual([])
    document.dispatchEvent(new Event('DOMContentLoaded'))
    expect(code()).toHaveLength(2)
  })

  it('adds nothing to a page whose code was not held back', () => {
    document.body.innerHTML = '<div id="root"></div>'
    vi.advanceTimersByTime(ENTRY_CAP_MS)
    expect(code()).toEqual([])
  })
})

describe('a show from the back-forward cache before the page code listens', () => {
  it('is noted with its time (usePageRestored reloads then), and a fresh load is not', () => {
    // happy-dom's PageTransitionEvent has no `persisted`: the event as a browser sends it.
    const show = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }))
    delete w()[RESTORED_GLOBAL]
    show(false)
    expect(w()[RESTORED_GLOBAL]).toBeUndefined()
    vi.setSystemTime(1_800_000_000_000)
    show(true)
    expect(w()[RESTORED_GLOBAL]).toBe(1_800_000_000_000)
  })
})

describe('host messages before the page code starts', () => {
  it('are kept, and each delivered once when the first listener of its type subscribes, however late', async () => {
    w().onNativeMessage!({ type: 'visibleChange', data: { result: true } })
    w().onNativeMessage!('{"type":"backClick"}')
    installNativeMessageHandler()
    const visible = vi.fn()
    const back = vi.fn()
    const off = [subscribeNative('visibleChange', visible)]
    await Promise.resolve()
    expect(visible).toHaveBeenCalledExactlyOnceWith({ type: 'visibleChange', data: { result: true } })
    expect(back).not.toHaveBeenCalled()
    // A page that subscribes later (a part drawn once its data is in) still gets its message, once.
    off.push(subscribeNative('backClick', back), subscribeNative('visibleChange', vi.fn()))
    await Promise.resolve()
    expect(back).toHaveBeenCalledOnce()
    expect(visible).toHaveBeenCalledOnce()
    // From now on the page's own handler receives them at once.
    w().onNativeMessage!({ type: 'visibleChange', data: { result: false } })
    expect(visible).toHaveBeenCalledTimes(2)
    off.forEach((unsubscribe) => unsubscribe())
  })

  it('leaves a handler the host page already defined alone', () => {
    const own = vi.fn()
    w().onNativeMessage = own
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(watchdogScript())()
    expect(w().onNativeMessage).toBe(own)
  })
})
