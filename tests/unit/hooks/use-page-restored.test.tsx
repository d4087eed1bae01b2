import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RESTORED_GLOBAL } from '@shared/config/page-start'
import { usePageRestored } from '@shared/hooks/use-page-restored'

const w = window as unknown as Record<string, unknown>
// happy-dom's PageTransitionEvent has no `persisted`: the event as a browser sends it.
const show = (persisted: boolean) => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }))

afterEach(() => {
  delete w[RESTORED_GLOBAL]
})

describe('usePageRestored', () => {
  it('calls back when the page is shown again from the back-forward cache, not when it is loaded', () => {
    const restored = vi.fn()
    renderHook(() => usePageRestored(restored))
    expect(restored).not.toHaveBeenCalled()
    show(false)
    expect(restored).not.toHaveBeenCalled()
    show(true)
    show(true)
    expect(restored).toHaveBeenCalledTimes(2)
  })

  it('calls back once as it starts listening when the page was left and shown again before (its code was still starting)', () => {
    // What the HTML's head script notes (scripts/build/entry-watchdog.ts) for a show the hook was not there to hear.
    w[RESTORED_GLOBAL] = Date.now()
    const restored = vi.fn()
    renderHook(() => usePageRestored(restored))
    expect(restored).toHaveBeenCalledOnce()
    show(true)
    expect(restored).toHaveBeenCalledTimes(2)
  })

  it('stops after unmount', () => {
    const restored = vi.fn()
    const { unmount } = renderHook(() => usePageRestored(restored))
    unmount()
    show(true)
    expect(restored).not.toHaveBeenCalled()
  })
})
