/**
 * A page's first screen drawn before React (issue 31): `pages/<route>/first-screen.tsx` exports
 * `defineFirstScreen(page, draw)`, and the build bundles it into the page's head script with its first
 * requests (scripts/prerender/prefetch.ts). `draw` returns what #root shows for the page's query once
 * the replies it needs are in — the page's own components, the ones its React code renders in that
 * state, called with the one-render hooks of one-render.ts — or null to leave the HTML's frame as it is.
 * React-free.
 */
import type { ApiRequest } from '../api/endpoint'
import type { ApiResult } from '../http/envelope'

/**
 * The reply a first screen draws from for one of the page's first requests: the early reply if it is
 * in, else the one kept from the last open; null when neither is there or it is not usable as it is.
 * The page's React code takes the same reply in its first render (`takeArrivedGet`, `takeKeptGet`).
 */
export type Arrived = <T>(request: ApiRequest) => ApiResult<T> | null

/** What is on screen when the first screen is drawn. */
export interface Shown {
  /**
   * The HTML's frame is in #root. Its guard leaves it out of a link it does not fit (a share link with
   * its own title or back button): then #root is empty until something is drawn into it.
   */
  frame: boolean
}

/** What a page's first-screen.tsx exports. */
export interface FirstScreen<Q> {
  /** What #root shows for `query` with the replies that are in (a React element), or null to draw nothing yet. */
  draw(query: Q, arrived: Arrived, shown: Shown): unknown
}

/** What a first screen needs of its page's descriptor (shared/app/define-page.ts): its query and first requests. */
export interface PageQueries<Q> {
  parse(search: string | null | undefined): Q
  requestsFor(query: Q): readonly ApiRequest[]
}

/** Declares a page's first screen: `export default defineFirstScreen(page, (query, arrived) => …)`. */
export function defineFirstScreen<Q>(page: PageQueries<Q>, draw: (query: Q, arrived: Arrived, shown: Shown) => unknown): FirstScreen<Q> {
  void page
  return { draw }
}

/** A handler for the first screen's controls: they wait for React, which does the tap again (handover.ts). */
export const waitForReact = (): void => {}
