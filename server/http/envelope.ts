/** The reply envelope of every API call (docs/contracts/api.md) and the errors that fill it. */

/** `result` of a failed reply. */
export type ErrorResult =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'ERROR'
  /** 409: not enough storage left (cloud-drive import). */
  | 'CAPACITY'
  /** 403: the cloud-drive grant is missing or expired; the page asks for it again. */
  | 'CLOUD_AUTH_EXPIRED'
  /** 429: too many calls (server/rate-limit/), with `Retry-After`. */
  | 'RATE_LIMITED'

/** The success message the client also defaults to. */
export const SUCCESS_MSG = '请求成功'

/** Wraps `data` in a success envelope. */
export function ok<T>(data: T): { result: 'SUCCESS'; data: T; msg: string } {
  return { result: 'SUCCESS', data, msg: SUCCESS_MSG }
}

/** The envelope `result` that goes with an HTTP status. */
export function resultForStatus(status: number): ErrorResult {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED'
    case 403:
      return 'FORBIDDEN'
    case 404:
      return 'NOT_FOUND'
    case 409:
      return 'CONFLICT'
    case 413:
      return 'PAYLOAD_TOO_LARGE'
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE'
    default:
      return status >= 500 ? 'ERROR' : 'BAD_REQUEST'
  }
}

/** A failure the client should see as is: HTTP status + Chinese message. */
export class ApiError extends Error {
  readonly statusCode: number
  readonly result: ErrorResult

  /** `result` defaults to the one of the status (`resultForStatus`). */
  constructor(statusCode: number, msg: string, result: ErrorResult = resultForStatus(statusCode)) {
    super(msg)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.result = result
  }
}

/** 400 — the request is malformed or breaks a rule. */
export const badRequest = (msg: string) => new ApiError(400, msg)
/** 401 — no valid token. */
export const unauthorized = (msg: string) => new ApiError(401, msg)
/** 403 — the user may not do this. */
export const forbidden = (msg: string) => new ApiError(403, msg)
/** 404 — absent, or owned by someone else (ids must not leak). */
export const notFound = (msg: string) => new ApiError(404, msg)
/** 409 — conflicts with the current state. */
export const conflict = (msg: string) => new ApiError(409, msg)
/** 413 — a file over its limit. */
export const tooLarge = (msg: string) => new ApiError(413, msg)
