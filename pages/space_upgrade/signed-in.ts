import { getToken } from '@shared/bridge'
import { isInApp } from '@shared/env'
import type { ApiResult } from '@shared/http'

/**
 * Wraps a storage call that needs a login. A browser visitor with no token (none in the user
 * agent, none saved from an earlier visit) gets the 401 result at once instead of a request that
 * can only fail; in the app the call always goes out, because the host's token may still be on
 * its way in a `userInfo` message.
 */
export function signedIn<T>(load: () => Promise<ApiResult<T>>): () => Promise<ApiResult<T>> {
  return () => {
    if (isInApp() || getToken()) return load()
    return Promise.resolve({ success: false, data: null, msg: '请先登录', code: 401, result: 'UNAUTHORIZED' })
  }
}
