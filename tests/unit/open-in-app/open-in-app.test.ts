/** `打开App`: the app's URL scheme first, the download page when the app does not take over. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BRAND } from '@shared/config/brand'
import { appLinkFor, browserHost, FALLBACK_MS, openInApp, withoutForeignParams, type OpenInAppHost } from '@shared/open-in-app'

const PAGE = 'https://h5.example.com/recorded_share?r=abc123&title=%E7%BB%98%E6%9C%AC'

/** A page that stays on screen until `leave()`; every navigation is recorded. */
function fakeHost(isWeChat = false) {
  let visible = true
  const listeners = new Set<() => void>()
  const navigate = vi.fn<(url: string) => void>()
  const host: OpenInAppHost = {
    isWeChat,
    href: PAGE,
    navigate,
    isVisible: () => visible,
    onLeave(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const leave = () => {
    visible = false
    for (const listener of [...listeners]) listener()
  }
  return { host, navigate, leave, listeners }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('appLinkFor', () => {
  it('opens the current page in the app, with its share code', () => {
    const link = appLinkFor(PAGE)
    expect(link.startsWith(`${BRAND.appScheme}open?url=`)).toBe(true)
    expect(decodeURIComponent(link.slice(`${BRAND.appScheme}open?url=`.length))).toBe(PAGE)
  })

  it('drops the fake host and the host-only parameters, and the hash', () => {
    expect(withoutForeignParams(`${PAGE}&fakeHost=app&fakeHostToken=t&isNeedBackWeb=1#x`)).toBe(PAGE)
  })
})

describe('openInApp', () => {
  it('tries the URL scheme at once', () => {
    const { host, navigate } = fakeHost()
    expect(openInApp(host).kind).toBe('trying')
    expect(navigate.mock.calls).toEqual([[appLinkFor(PAGE)]])
  })

  it('falls back to the download page when the page is still visible after 2500 ms', () => {
    const { host, navigate } = fakeHost()
    openInApp(host)
    vi.advanceTimersByTime(FALLBACK_MS - 1)
    expect(navigate).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(navigate.mock.calls.at(-1)).toEqual([BRAND.downloadUrl])
    expect(FALLBACK_MS).toBe(2500)
  })

  it('does not fall back when the page was hidden or left (the app opened)', () => {
    const { host, navigate, leave, listeners } = fakeHost()
    openInApp(host)
    vi.advanceTimersByTime(1000)
    leave()
    vi.advanceTimersByTime(FALLBACK_MS * 2)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(listeners.size).toBe(0)
  })

  it('stops the pending fallback when cancelled', () => {
    const { host, navigate } = fakeHost()
    const outcome = openInApp(host)
    if (outcome.kind === 'trying') outcome.cancel()
    vi.advanceTimersByTime(FALLBACK_MS)
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('asks for the open-in-browser guide in WeChat and navigates nowhere', () => {
    const { host, navigate } = fakeHost(true)
    expect(openInApp(host)).toEqual({ kind: 'guide' })
    vi.advanceTimersByTime(FALLBACK_MS)
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe('browserHost', () => {
  it('reports leaving on pagehide and on visibilitychange to hidden only', () => {
    const host = browserHost(false)
    const listener = vi.fn()
    const stop = host.onLeave(listener)
    document.dispatchEvent(new Event('visibilitychange')) // still visible
    expect(listener).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('pagehide'))
    expect(listener).toHaveBeenCalledOnce()
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(listener).toHaveBeenCalledTimes(2)
    expect(host.isVisible()).toBe(false)
    state.mockRestore()
    stop()
    window.dispatchEvent(new Event('pagehide'))
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
