import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hideLoading, LoadingOverlay, showLoading } from '@shared/components/loading-overlay'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

describe('LoadingOverlay', () => {
  it('shows a status named 加载中 while visible', () => {
    render(<LoadingOverlay visible />)
    screen.getByRole('status', { name: '加载中' })
  })

  it('renders nothing while hidden', () => {
    render(<LoadingOverlay visible={false} />)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('leaves the page after its exit once hidden', () => {
    vi.useFakeTimers()
    const { rerender } = render(<LoadingOverlay visible />)
    rerender(<LoadingOverlay visible={false} />)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(document.body.textContent).not.toContain('加载中')
  })
})

describe('showLoading / hideLoading', () => {
  it('shows one overlay however often it is called, and hides it', () => {
    act(() => {
      showLoading()
      showLoading()
    })
    expect(screen.getAllByRole('status', { name: '加载中' })).toHaveLength(1)
    act(() => hideLoading())
    expect(screen.queryByRole('status')).toBeNull()
  })
})
