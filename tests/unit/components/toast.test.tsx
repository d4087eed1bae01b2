import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearToast, toast } from '@shared/components/toast'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it('shows the message as an alert', () => {
    act(() => toast('请求成功'))
    expect(screen.getByRole('alert').textContent).toBe('请求成功')
  })

  it('replaces the current toast with the next one', () => {
    act(() => toast('第一条'))
    act(() => toast('第二条'))
    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.textContent).toBe('第二条')
  })

  it('is gone 2000 ms after it appeared', () => {
    act(() => toast('请求失败'))
    act(() => {
      vi.advanceTimersByTime(1999)
    })
    screen.getByRole('alert')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(document.body.textContent).not.toContain('请求失败')
  })

  it('keeps the full time for a toast that replaced another', () => {
    act(() => toast('第一条'))
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    act(() => toast('第二条'))
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    expect(screen.getByRole('alert').textContent).toBe('第二条')
  })

  it('stays for a custom duration', () => {
    act(() => toast('稍等', { duration: 5000 }))
    act(() => {
      vi.advanceTimersByTime(4000)
    })
    screen.getByRole('alert')
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('closes at once on clearToast', () => {
    act(() => toast('网络错误，请检查您的网络连接'))
    act(() => clearToast())
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('renders HTML in the message as text', () => {
    const hostile = '<img src=x onerror="alert(1)"><b>粗体</b>'
    act(() => toast(hostile))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(hostile)
    expect(alert.querySelector('img, b')).toBeNull()
  })

  it('shows long and emoji text in full', () => {
    const long = `👨‍👩‍👧 ${'很长的服务器消息'.repeat(40)} 🎉`
    act(() => toast(long))
    expect(screen.getByRole('alert').textContent).toBe(long)
  })

  it('shows nothing for an empty or missing message', () => {
    act(() => toast('   '))
    act(() => toast(null as unknown as string))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.body.childElementCount).toBe(0)
  })
})
