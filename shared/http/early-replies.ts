/**
 * A page's first state from replies already here before its own requests answer: the HTML's early ones
 * (arrived.ts), else those kept from its last open (kept-replies.ts), which the page then asks for again.
 * The replies a state was drawn from are taken, so the page's own requests go to the network. React-free,
 * axios-free.
 */
import type { ApiResult } from './envelope'
import { peekArrived, peekKeptReply } from './arrived'
import { takeKept, takePrefetched } from './prefetch'

/** A GET as an endpoint describes it (`getDirectory.request(id)`); null: a request the page does not make. */
type RequestRef = { path: string; params?: Record<string, unknown> } | null

/**
 * The state `draw` makes from the replies to `requests` (in order; null for a request the page does not
 * make or whose reply is not here), first from the arrived replies, else from the kept ones (`kept`: true);
 * null when `draw` makes none from either.
 */
export function drawFromEarlyReplies<S>(
  requests: readonly RequestRef[],
  draw: (replies: (ApiResult<unknown> | null)[]) => S | null,
): { state: S; kept: boolean } | null {
  for (const kept of [false, true]) {
    const peek = kept ? peekKeptReply : peekArrived
    const state = draw(requests.map((r) => (r ? peek(r.path, r.params) : null)))
    if (state === null) continue
    for (const r of requests) {
      if (!r) continue
      if (kept) takeKept(r.path, r.params)
      else void takePrefetched(r.path, r.params)
    }
    return { state, kept }
  }
  return null
}
