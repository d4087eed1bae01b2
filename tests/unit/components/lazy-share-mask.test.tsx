import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MSG_NETWORK } from '@shared/config/messages'
import { clearOverlays } from './clear-overlays'

afterEach(async () => {
  // The toast of the module graph the test used (freshLazyMask starts a new one).
  const { clearToast } = await import('@shared/components/toast')
  act(() => clearToast())
  await clearOverlays()
  vi.doUnmock('@shared/components/mask/share-mask')
  vi.resetModules()
})

/** LazyShareMask from a fresh module graph (its loaded mask is remembered per module). */
async function freshLazyMask() {
  vi.resetModules()
  return (await import('@shared/components/mask/lazy-share-mask')).LazyShareMask
}

describe('LazyShareMask', () => {
  it('shows nothing while hidden, and the guide once shown', async () => {
    const LazyShareMask = await freshLazyMask()
    const { rerender } = render(<LazyShareMask visible={false} type={1} onClose={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(<LazyShareMask visible type={1} onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: '分享引导' })
    expect(dialog.textContent).toContain('选择“在浏览器打开”')
  })

  it('says the network failed, once, and asks to close when the guide cannot load', async () => {
    vi.doMock('@shared/components/mask/share-mask', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const LazyShareMask = await freshLazyMask()
    const onClose = vi.fn()
    render(<LazyShareMask visible onClose={onClose} />)
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_NETWORK)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
