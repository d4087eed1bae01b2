import type { ApiResult } from '@shared/http'

/** A successful API result carrying `data`. */
export function ok<T>(data: T): ApiResult<T> {
  return { success: true, data, msg: '请求成功', code: 200, result: 'SUCCESS' }
}

/** A failed API result with the server's `msg`. */
export function failed<T>(msg: string, code = 500, result = 'ERROR'): ApiResult<T> {
  return { success: false, data: null, msg, code, result }
}

/** Parses the JSON payloads an Android bridge spy received. */
export function payloads(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map(([json]) => JSON.parse(String(json)))
}
