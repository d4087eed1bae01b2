/**
 * An API GET as a function that also describes itself: `getDirectory(7)` sends exactly what
 * `getDirectory.request(7)` returns (`{ path: '/v1/directory/7' }`). A page's descriptor lists its first
 * requests with `.request(...)`, so the request its HTML starts early and the page's own request cannot
 * drift apart (the early reply is found by path and query, shared/http/prefetch.ts).
 * The inline script of the HTML bundles this file with the sender swapped for a stub (scripts/build/prerender/prefetch.ts).
 */
import { httpGet, type ApiResult } from '../http'

/** A GET as data: the API path and its query. */
export interface ApiRequest {
  path: string
  params?: Record<string, string | number>
}

/** A GET that can say what it sends. */
export type GetEndpoint<T, A extends unknown[]> = ((...args: A) => Promise<ApiResult<T>>) & {
  request: (...args: A) => ApiRequest
}

/** Makes a GET endpoint from the request it sends for its arguments. */
export function defineGet<T, A extends unknown[] = []>(request: (...args: A) => ApiRequest): GetEndpoint<T, A> {
  const send = (...args: A) => {
    const { path, params } = request(...args)
    return httpGet<T>(path, params)
  }
  return Object.assign(send, { request })
}
