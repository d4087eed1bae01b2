import { act, cleanup, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import { clearActionSheets } from '@shared/components/action-sheet'
import { clearDialogs } from '@shared/components/dialog'
import { hideLoading } from '@shared/components/loading-overlay'
import { EXIT_MS } from '@shared/components/overlay'
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
  // An overlay still on screen plays its exit, which ends on a timer: run it inside act, so its last
  // state update is not one React reports as outside act.
  if (document.body.childElementCount > 0) await act(() => new Promise((resolve) => setTimeout(resolve, EXIT_MS + 20)))
  await waitFor(() => {
    if (document.body.childElementCount > 0) throw new Error('an overlay is still on document.body')
  })
}
