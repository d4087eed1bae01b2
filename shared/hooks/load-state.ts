/**
 * The load cycle of one request (docs/style.md 5), React-free: the page's hook (use-load.ts) and the
 * first screen its HTML's head script draws before React (shared/first-screen) start from the same state.
 */
import type { ApiResult } from '../http/envelope'

/**
 * The load cycle of one request (docs/style.md 5). A `final` failure cannot pass by asking again (a 404,
 * a 403, nothing to ask for): its view offers a way back instead of `重试` (docs/decisions.md).
 */
export type LoadState<D> = { status: 'loading' } | { status: 'loaded'; data: D } | { status: 'failed'; msg: string; final?: boolean }

export type LoadEvent<D> =
  | { type: 'retry' }
  | { type: 'resolved'; data: D }
  | { type: 'rejected'; msg: string; final?: boolean }
  | { type: 'updated'; update: (data: D) => D }

/** Handles only the events that matter in each state; anything else leaves the state as it is. */
export function loadReducer<D>(state: LoadState<D>, event: LoadEvent<D>): LoadState<D> {
  switch (event.type) {
    case 'retry':
      return state.status === 'failed' && !state.final ? { status: 'loading' } : state
    case 'resolved':
      // A reload takes the server's data, over any change made on screen meanwhile.
      return { status: 'loaded', data: event.data }
    case 'rejected':
      // A background reload that fails keeps the data already on screen.
      if (state.status === 'loaded') return state
      return event.final ? { status: 'failed', msg: event.msg, final: true } : { status: 'failed', msg: event.msg }
    case 'updated':
      return state.status === 'loaded' ? { status: 'loaded', data: event.update(state.data) } : state
  }
}

/**
 * The first state of a load whose reply may already be here (the HTML's early request): loaded from
 * a successful reply, else loading (the request then takes the reply, or asks).
 */
export function arrivedState<T, D>(reply: ApiResult<T> | null | undefined, parse: (data: T | null) => D): LoadState<D> {
  return reply?.success ? { status: 'loaded', data: parse(reply.data) } : { status: 'loading' }
}
