import { goToLogin } from '../bridge/calls'
import { subscribeNative } from '../bridge/messages'

/**
 * After `visibleChange(true)` the host may still be about to send the fresh `userInfo`: requests wait
 * this long for it before they are sent again (with whatever token there is by then).
 */
export const LOGIN_SETTLE_MS = 500

let pending: Promise<void> | null = null

/**
 * Opens the host's login screen for a 401 and resolves when the page is back from it: at the host's
 * `userInfo` message (signed in), or shortly after the WebView is visible again (signed in or gave up).
 * Requests that meet a 401 while the screen is up share it instead of opening another.
 * @returns null when the app has no login screen to open (`goToLogin` missing, or outside the app).
 */
export function waitForLogin(): Promise<void> | null {
  if (pending) return pending
  if (!goToLogin()) return null
  pending = new Promise<void>((resolve) => {
    let settle: ReturnType<typeof setTimeout> | undefined
    const done = () => {
      clearTimeout(settle)
      offUser()
      offVisible()
      pending = null
      resolve()
    }
    // The user module keeps the new token from the same message; it subscribed at page start, before us.
    const offUser = subscribeNative('userInfo', done, { onlyNew: true })
    const offVisible = subscribeNative(
      'visibleChange',
      ({ data }) => {
        if (data.result && settle === undefined) settle = setTimeout(done, LOGIN_SETTLE_MS)
      },
      { onlyNew: true },
    )
  })
  return pending
}
