import { act, fireEvent, render, screen } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RELEASE_MS, useAfterRelease } from '@shared/recorded-work/recorded-work-page/use-after-release'

/** Says what the hook returns; `pressWhenFree` puts a finger down in the commit where it turns true. */
function Probe({ ready, pressWhenFree = false }: { ready: boolean; pressWhenFree?: boolean }) {
  const free = useAfterRelease(ready)
  // A layout effect runs before the hook's own effect lets go of its listeners: the finger that lands
  // on the new part of the page the moment it is shown.
  useLayoutEffect(() => {
    // Dispatched directly: this runs inside React's commit, where act() must not be entered again.
    if (free && pressWhenFree) document.dispatchEvent(new Event('pointerdown'))
  }, [free, pressWhenFree])
  return <output>{free ? 'free' : 'held'}</output>
}

const said = () => screen.getByRole('status').textContent

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('useAfterRelease', () => {
  it('is true as soon as ready when no finger is down', () => {
    const { rerender } = render(<Probe ready={false} />)
    expect(said()).toBe('held')
    rerender(<Probe ready />)
    expect(said()).toBe('free')
  })

  it('holds while a finger is down, and until RELEASE_MS after it lifts', () => {
    const { rerender } = render(<Probe ready={false} />)
    fireEvent.pointerDown(document)
    rerender(<Probe ready />)
    expect(said()).toBe('held')
    fireEvent.pointerUp(window)
    act(() => {
      vi.advanceTimersByTime(RELEASE_MS - 1)
    })
    expect(said()).toBe('held')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(said()).toBe('free')
  })

  it('stays true once true: a finger that lands right after never brings the old part back', () => {
    const { rerender } = render(<Probe ready={false} pressWhenFree />)
    rerender(<Probe ready pressWhenFree />)
    expect(said()).toBe('free')
    fireEvent.pointerDown(document)
    act(() => {
      vi.advanceTimersByTime(RELEASE_MS)
    })
    expect(said()).toBe('free')
  })
})
