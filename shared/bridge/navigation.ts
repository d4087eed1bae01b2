import { closeWebview } from './calls'

/** Where a visitor with nowhere to go back to lands in a browser. */
export const HOME_PATH = '/'

/**
 * Goes back one page, or, when this page is the first in its history, closes the WebView in the app
 * (the native back button and the header back icon both land here). A browser tab with no history
 * (a shared link opened in a new tab) goes to the home page instead of doing nothing.
 */
export function goBackOrClose(): void {
  if (typeof history === 'undefined') return
  if (history.length > 1) history.back()
  else if (!closeWebview()) window.location.assign(HOME_PATH)
}
