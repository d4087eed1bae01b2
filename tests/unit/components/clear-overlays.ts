import { act, cleanup, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import { clearActionSheets } from '@shared/components/action-sheet'
import { clearDialogs } from '@shared/components/dialog'
import { hideLoading } from '@shared/components/loading-overlay'
import { clearToast } from '@shared/components/toast'

/**
 * Closes every imperatively rendered overlay and waits until their containers have left
 * document.body, so no test sees the previous test's toast or dialog. Call it in afterEach.
 */
export async function clearOverlays(): Promise<void> {
  // Runs before the setup file's cleanup (after-hooks run last-registered first); unmount render() output too.
  cleanup()
  act(() => {
    clearToast()
    clearDialogs()
    clearActionSheets()
    hideLoading()
  })
  if (vi.isFakeTimers()) {
    act(() => {
      vi.runOnlyPendingTimers()
    })
    vi.useRealTimers()
  }
  await waitFor(() => {
    if (document.body.childElementCount > 0) throw new Error('an overlay is still on document.body')
  })
}
