import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toast } from '@shared/components/toast'
import { renderImperatively, type ImperativeHandler } from '@shared/components/render-imperatively'
import { EXIT_MS } from '@shared/components/overlay'
import { clearOverlays } from './clear-overlays'

let opened: ImperativeHandler[] = []

function open(message: string, afterClose?: () => void): ImperativeHandler {
  let handler!: ImperativeHandler
  act(() => {
    handler = renderImperatively(<Toast message={message} afterClose={afterClose} />)
  })
  opened.push(handler)
  return handler
}

afterEach(async () => {
  act(() => opened.forEach((handler) => handler.close()))
  opened = []
  await clearOverlays()
})

describe('renderImperatively', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it('mounts the element in a new container on document.body', () => {
    open('你好')
    expect(screen.getByRole('alert').textContent).toBe('你好')
    expect(document.body.childElementCount).toBe(1)
  })

  it('gives each element its own container', () => {
    open('一')
    open('二')
    expect(document.body.childElementCount).toBe(2)
  })

  it('plays the exit on close, then removes the container', () => {
    const handler = open('你好')
    act(() => handler.close())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.body.childElementCount).toBe(1)
    act(() => {
      vi.advanceTimersByTime(EXIT_MS)
    })
    expect(document.body.childElementCount).toBe(0)
  })

  it('calls the element’s own afterClose once, however often close is called', () => {
    const afterClose = vi.fn()
    const handler = open('你好', afterClose)
    act(() => {
      handler.close()
      handler.close()
    })
    act(() => {
      vi.advanceTimersByTime(EXIT_MS * 5)
    })
    expect(afterClose).toHaveBeenCalledTimes(1)
  })

  it('cleans up when closed before React rendered it', () => {
    act(() => renderImperatively(<Toast message="你好" />).close())
    act(() => {
      vi.runOnlyPendingTimers()
    })
    expect(document.body.childElementCount).toBe(0)
  })
})
