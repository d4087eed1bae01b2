import { getToken, isInApp } from '@shared/bridge'
import { MSG_SIGN_IN_IN_APP, type ApiResult } from '@shared/http'

/**
 * Wraps a storage call that needs a login. A browser visitor with no token (none in the user agent,
 * none saved from an earlier visit) gets at once the 401 result the http layer would give
 * (`请在App内登录后查看`) instead of a request that can only fail; in the app the call always goes
 * out, because the host's token may still be on its way in a `userInfo` message.
 */
export function signedIn<T>(load: () => Promise<ApiResult<T>>): () => Promise<ApiResult<T>> {
  return () => {
    if (isInApp() || getToken()) return load()
    return Promise.resolve({ success: false, data: null, msg: MSG_SIGN_IN_IN_APP, code: 401, result: 'UNAUTHORIZED' })
  }
}
