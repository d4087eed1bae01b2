import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios'
import { isInApp } from '../bridge/in-app'
import { isProductionApi } from '../config/api-hosts'
import { getApiBase } from './settings'
import { failure, isEncrypted, isUsableReply, MSG_FAILED, networkFailure, toApiResult, type ApiResult } from './envelope'
import { waitForLogin } from './login-wait'
import { peekArrived } from './arrived'
import { takeKept, takePrefetched } from './prefetch'
import { recordApiFailure, watchLeaving } from './report-failure'

/** What a visitor outside the app reads when a call needs a login: the login lives in the app. */
export const MSG_SIGN_IN_IN_APP = '请在App内登录后查看'

/** Uploads (a PDF may be 200 MB on a phone network) get far longer than the 15 s of other calls. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000

/** The axios instance, downloaded on first use (axios-client.ts); a failed chunk load is a network error. */
const loadClient = () => import('./axios-client').then((module) => module.getHttpClient())

/**
 * Sends `config` and reads the reply into an ApiResult. Never rejects.
 *
 * A 401 in the app opens the host's login screen (docs/spec/product-spec.md §8) and the caller does not see that failure:
 * the request waits for the page to be back from the login screen and is then sent once more, so a
 * page that was loading simply finishes loading. Only if that second try is refused too (the user gave
 * up) does the caller get the failure, to show with its retry.
 */
async function send<T>(config: AxiosRequestConfig, afterLogin = false): Promise<ApiResult<T>> {
  let status: number
  let body: unknown
  // The page's HTML may have started this GET while the bundle downloaded (prefetch.ts): take that reply.
  const early = config.method === 'GET' && config.url ? takePrefetched(config.url, config.params) : null
  try {
    watchLeaving()
    const reply = early ? await early.then((r) => ({ status: r.status, data: r.body })) : await (await loadClient()).request(config)
    status = reply.status
    body = reply.data
  } catch {
    // No reply: offline, time-out, aborted. An early request's failure was recorded as it came (first-requests.ts).
    if (!early) recordApiFailure(config.url, 0)
    return networkFailure()
  }
  if (status === 401 && !afterLogin) {
    const login = waitForLogin()
    if (login) return login.then(() => send<T>(config, true))
    // Outside the app there is no login screen to wait for: the caller gets a failure that says where to sign in.
    if (!isInApp()) return failure(MSG_SIGN_IN_IN_APP, 401, 'UNAUTHORIZED')
  }

  const result = toApiResult<T>(status, body)
  if (!result.success && !early) recordApiFailure(config.url, result.code)
  // eType 1 is encrypted only by the production API; against the test API the data is used as is.
  if (!result.success || !isEncrypted(body) || !isProductionApi(getApiBase())) return result
  try {
    // Loaded when a reply needs it (production API, in the app): the pages' first bytes go without it.
    const { nativeDecryptData } = await import('../bridge/decrypt-queue')
    return { ...result, data: parseDecrypted(await nativeDecryptData(result.data)) as T }
  } catch {
    return failure(MSG_FAILED, status, 'DECRYPT_ERROR') // unavailable (reported to the page layer), time-out or refused
  }
}

/** The host may answer with the decrypted JSON as text; objects and arrays are parsed back. */
function parseDecrypted(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** GET `path` with query `params`. Never rejects: failures are results with `success: false`. */
export function httpGet<T>(path: string, params?: Record<string, unknown>): Promise<ApiResult<T>> {
  return send<T>({ method: 'GET', url: path, params })
}

/**
 * The successful reply of a GET that the page's HTML started (prefetch.ts), if it is already here and
 * needs nothing more (no login, no decryption): a page draws it in its first render instead of a
 * loading state. Taken once, like `httpGet` takes it; null in every other case (then call `httpGet`).
 */
export function takeArrivedGet<T>(path: string, params?: Record<string, unknown>): ApiResult<T> | null {
  const result = peekArrived<T>(path, params)
  // Taken (removed): the reply is already here and resolved, so the promise is not needed.
  if (result) void takePrefetched(path, params)
  return result
}

/** `takeArrivedGet` for a request as an endpoint describes it (`getMyCapacity.request()`). */
export function takeArrived<T>(request: { path: string; params?: Record<string, unknown> }): ApiResult<T> | null {
  return takeArrivedGet<T>(request.path, request.params)
}

/**
 * The reply to a GET of `path` kept from the page's last open (a first request with `keep`), taken once,
 * or null: a page draws it at once and asks again (`useLoad`'s `kept`). Only a success, never encrypted.
 */
export function takeKeptGet<T>(path: string, params?: Record<string, unknown>): ApiResult<T> | null {
  const reply = takeKept(path, params)
  return reply && isUsableReply(reply.status, reply.body) ? toApiResult<T>(reply.status, reply.body) : null
}

/** POST a JSON `body` to `path`, with optional query `params`. Never rejects. */
export function httpPost<T>(path: string, body: unknown = {}, params?: Record<string, unknown>): Promise<ApiResult<T>> {
  return send<T>({ method: 'POST', url: path, data: body, params })
}

/**
 * POST `formData` as multipart to `path` (the browser sets the boundary). Never rejects.
 * @param onProgress called with the uploaded fraction (0–1) when the size is known.
 */
export function httpUpload<T>(path: string, formData: FormData, onProgress?: (fraction: number) => void): Promise<ApiResult<T>> {
  return send<T>({
    method: 'POST',
    url: path,
    data: formData,
    timeout: UPLOAD_TIMEOUT_MS,
    // Progress events exist on XHR only (fetch has none for uploads on WebKit): with a listener the
    // upload goes by XHR, which follows redirects itself; browsers drop Authorization on one to another
    // origin. Without a listener it stays on fetch, which refuses redirects (axios-client.ts).
    ...(onProgress ? { adapter: 'xhr' as const } : {}),
    // Only with a listener: an upload listener on XHR costs a CORS preflight of its own.
    onUploadProgress: onProgress
      ? (event: AxiosProgressEvent) => {
          if (event.total) onProgress(Math.min(1, event.loaded / event.total))
        }
      : undefined,
  })
}
