/**
 * Sends a report to the API's origin so that it costs no preflight (docs/contracts/api.md "Field reports (turn 4)"): a string
 * body is `text/plain`, a CORS-safelisted type. `navigator.sendBeacon` outlives the page being left; where
 * there is none (or it refuses, over its quota), `fetch` with `keepalive` does the same, without
 * credentials. Never throws: a report that cannot leave is lost, the page is not.
 */
export function sendBeacon(url: string, body: string): void {
  try {
    if (navigator.sendBeacon?.(url, body)) return
  } catch {
    // a WebView whose sendBeacon throws: fetch below
  }
  try {
    fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors', credentials: 'omit' }).catch(() => {})
  } catch {
    // no fetch either: nothing to send with
  }
}
