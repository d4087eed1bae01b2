import { closeWebview } from './calls'

/**
 * Goes back one page, or closes the WebView when this page is the first in its history (the
 * native back button and the header back icon both land here). In a browser with no history and no
 * bridge it does nothing: `closeWebview` is then a no-op.
 */
export function goBackOrClose(): void {
  if (typeof history === 'undefined') return
  if (history.length > 1) history.back()
  else closeWebview()
}
