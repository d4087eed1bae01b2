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

/** The success message the client also defaults to. */
export const SUCCESS_MSG = '请求成功'

/** Wraps `data` in a success envelope. */
export function ok<T>(data: T): { result: 'SUCCESS'; data: T; msg: string } {
  return { result: 'SUCCESS', data, msg: SUCCESS_MSG }
}

/** The envelope `result` that goes with an HTTP status. */
export function resultForStatus(status: number): ErrorResult {
  switch (status) {
    case 401: return 'UNAUTHORIZED'
    case 403: return 'FORBIDDEN'
    case 404: return 'NOT_FOUND'
    case 409: return 'CONFLICT'
    case 413: return 'PAYLOAD_TOO_LARGE'
    case 415: return 'UNSUPPORTED_MEDIA_TYPE'
    default: return status >= 500 ? 'ERROR' : 'BAD_REQUEST'
  }
}

/** A failure the client should see as is: HTTP status + Chinese message. */
export class ApiError extends Error {
  readonly statusCode: number
  readonly result: ErrorResult

  constructor(statusCode: number, msg: string) {
    super(msg)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.result = resultForStatus(statusCode)
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
