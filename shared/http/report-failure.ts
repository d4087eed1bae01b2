import { recordProblem } from '../telemetry/early'

/**
 * How long a request that got no answer waits before it counts: leaving the page (a link, back, closing
 * the WebView) cuts off the requests still going, and that is the person leaving, not the API failing.
 * By then the page is hidden or gone (its timers never run), and the view's report is already sent.
 */
export const NO_ANSWER_GRACE_MS = 300

/** When the page last heard it may be left (`beforeunload`, `pagehide`); -∞ before. */
let leftAt = -Infinity
let listening = false

/**
 * Listens for the page being left, once: called as a request is sent (request.ts, first-requests.ts), so
 * that a leave that cuts it off is known. Idempotent; outside a browser it throws (callers are in one).
 */
export function watchLeaving(): void {
  if (listening) return
  listening = true
  const mark = () => (leftAt = performance.now())
  addEventListener('beforeunload', mark)
  addEventListener('pagehide', mark)
}

/** Whether the page is being left: hidden, or told so within the last second (a cancelled leave is forgotten). */
function leaving(): boolean {
  // A page torn down before the grace ended (its document gone: a test's window closed) was left.
  if (typeof document === 'undefined') return true
  return document.visibilityState === 'hidden' || performance.now() - leftAt < 1000
}

/**
 * Records an API request that failed for the field report (docs/telemetry.md "Problems"): its path (the
 * reporter makes it a template, `/v1/directory/:id`, and drops the query) and the status the page got
 * (envelope.ts: a reply that is not the API's is 502; 0 when no reply came). A request with no answer
 * counts only if the page is still there, and not being left, {@link NO_ANSWER_GRACE_MS} later.
 */
export function recordApiFailure(path: string | undefined, status: number): void {
  const problem = { kind: 'api', message: '', endpoint: path ?? '', status } as const
  if (status !== 0) return recordProblem(problem)
  try {
    watchLeaving()
    const at = performance.now()
    if (leaving()) return
    // Left meanwhile (even if since shown again from the back-forward cache): it was the leaving.
    setTimeout(() => {
      if (!leaving() && leftAt < at) recordProblem(problem)
    }, NO_ANSWER_GRACE_MS)
  } catch {
    recordProblem(problem) // outside a browser: no leaving to tell apart
  }
}
