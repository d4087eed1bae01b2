/**
 * Turns a reply into the client-side result of the spec's error catalogue (docs/spec/product-spec.md §8, docs/contracts/api.md).
 * Pure functions: the requests (request.ts) do the I/O and the 401 / decrypt side effects.
 */
import { MSG_NETWORK } from '../config/messages'

/** What every call resolves to; `data` is null on failure. */
export interface ApiResult<T> {
  success: boolean
  data: T | null
  msg: string
  /** The HTTP status; 500 when there was none. */
  code: number
  /** The server's `result` (`SUCCESS`, `NOT_FOUND`, …), or `ERROR` when it gave none. */
  result: string
}

/** The reply body every API call should send. */
export interface Envelope {
  result: string
  data?: unknown
  msg?: unknown
  eType?: unknown
}

export const MSG_SUCCESS = '请求成功'
export const MSG_FAILED = '请求失败'
export { MSG_NETWORK }

/** A failed result. */
export function failure<T = never>(msg: string, code: number, result = 'ERROR'): ApiResult<T> {
  return { success: false, data: null, msg, code, result }
}

/** The result of a request that got no reply (offline, DNS, time-out, aborted). */
export function networkFailure<T = never>(): ApiResult<T> {
  return failure(MSG_NETWORK, 500, 'ERROR')
}

/** True for an object shaped like the envelope (HTML, null, arrays and strings are not). */
export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as Envelope).result === 'string'
}

/** True when the envelope says its `data` is encrypted. */
export function isEncrypted(body: unknown): boolean {
  return isEnvelope(body) && Number(body.eType) === 1
}

/**
 * True for a reply a page can use as it is: status 200, `result === 'SUCCESS'`, not encrypted (eType 1 is
 * decrypted by the app, per request). The early and kept replies (request.ts, kept-replies.ts) ask this.
 */
export function isUsableReply(status: number, body: unknown): boolean {
  return status === 200 && isEnvelope(body) && body.result === 'SUCCESS' && !isEncrypted(body)
}

/** The code of a reply that is not the envelope: whatever answered, it was not the API (a proxy, a CDN). */
export const NOT_THE_API = 502

/**
 * The result for an HTTP reply. Success is status 200 and `result === 'SUCCESS'`; anything else fails
 * with the server's `msg` or `请求失败`. A 401 is not special here: the client handles it before.
 * A body that is not the envelope (an HTML 404 from a CDN, a 502 page) is a server failure whatever its
 * status, never "not found" (docs/contracts/api.md, "Where the API and the pages live apart"): code 502,
 * or the status when it is a 5xx.
 */
export function toApiResult<T>(status: number, body: unknown): ApiResult<T> {
  const code = status || 500
  if (!isEnvelope(body)) return failure(MSG_FAILED, code >= 500 ? code : NOT_THE_API)
  const msg = typeof body.msg === 'string' && body.msg ? body.msg : undefined
  if (status === 200 && body.result === 'SUCCESS') {
    return { success: true, data: (body.data ?? null) as T | null, msg: msg ?? MSG_SUCCESS, code: 200, result: 'SUCCESS' }
  }
  return failure(msg ?? MSG_FAILED, code, body.result || 'ERROR')
}

/**
 * True when asking again cannot help (docs/decisions.md "Errors that cannot pass are final"): the server
 * refused the request itself, a 4xx such as 404 (gone), 403 (not the user's) or 400. A network error, a
 * time-out (both code 500 here), a 5xx, and 408 or 429 (asked too soon) may pass: those offer `重试`.
 */
export function isFinalFailure(result: Pick<ApiResult<unknown>, 'success' | 'code'>): boolean {
  return !result.success && result.code >= 400 && result.code < 500 && result.code !== 408 && result.code !== 429
}
