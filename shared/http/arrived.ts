/**
 * The early replies a page may draw in its first render (issue 31): the one its HTML's request
 * brought, else the one kept from its last open. The head script's first screen reads them here
 * without taking them (shared/first-screen/paint.ts), and the page's React code takes the same ones
 * (request.ts `takeArrivedGet`, `takeKeptGet`), so both draw from the same reply. React-free, axios-free.
 */
import { isUsableReply, toApiResult, type ApiResult } from './envelope'
import { peekKept, peekPrefetched, type PrefetchedReply } from './prefetch'

const usable = <T>(reply: PrefetchedReply | undefined): ApiResult<T> | null =>
  reply && isUsableReply(reply.status, reply.body) ? toApiResult<T>(reply.status, reply.body) : null

/** The early reply to a GET of `path` with `params` if it is in and usable as it is (no login, no decryption). */
export function peekArrived<T>(path: string, params?: Record<string, unknown>): ApiResult<T> | null {
  return usable<T>(peekPrefetched(path, params))
}

/** The reply kept from the last open for a GET of `path` with `params`, if usable. */
export function peekKeptReply<T>(path: string, params?: Record<string, unknown>): ApiResult<T> | null {
  return usable<T>(peekKept(path, params))
}
