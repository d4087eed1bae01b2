import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { removeHost, sendFromHost } from '../bridge/fake-host'

afterEach(removeHost)

describe('useNativeMessage', () => {
  it('calls the handler for messages of its type while mounted', () => {
    const handler = vi.fn()
    renderHook(() => useNativeMessage('visibleChange', handler))
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    act(() => sendFromHost({ type: 'backClick' }))
    expect(handler).toHaveBeenCalledOnce()
    expect(handler).toHaveBeenCalledWith({ type: 'visibleChange', data: { result: true } })
  })

  it('stops after unmount', () => {
    const handler = vi.fn()
    const { unmount } = renderHook(() => useNativeMessage('backClick', handler))
    unmount()
    sendFromHost({ type: 'backClick' })
    expect(handler).not.toHaveBeenCalled()
  })

  it('uses the latest handler after a re-render', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { rerender } = renderHook(({ handler }) => useNativeMessage('backClick', handler), {
      initialProps: { handler: first },
    })
    rerender({ handler: second })
    act(() => sendFromHost({ type: 'backClick' }))
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledOnce()
  })
})
