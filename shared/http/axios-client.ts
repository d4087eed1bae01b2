/**
 * The one axios instance (docs/style.md 6). request.ts imports this module on first use, so a page whose
 * first requests were started by its HTML (shared/http/prefetch.ts: the share pages, the folder list)
 * downloads axios only when it sends a request of its own. A page that sends requests as soon as it
 * starts imports this module from its main.tsx, which bundles axios with the page instead.
 */
import axios, { type AxiosInstance, type CreateAxiosDefaults, type InternalAxiosRequestConfig } from 'axios'
import { getToken } from '../bridge/user'
import { getEnv } from '../env'
import { getApiBase, REQUEST_TIMEOUT_MS, testClientDefaults } from './settings'

let client: AxiosInstance | undefined
let madeFor = -1

function originOf(url: string): string | null {
  try {
    return new URL(url, typeof location === 'undefined' ? undefined : location.href).origin
  } catch {
    return null
  }
}

function create(defaults: CreateAxiosDefaults): AxiosInstance {
  const instance = axios.create({
    baseURL: getApiBase(),
    timeout: REQUEST_TIMEOUT_MS,
    // Every status resolves: envelope.ts reads error replies too, so only "no reply" rejects.
    validateStatus: () => true,
    // fetch, not XHR: XHR follows a redirect with the request's headers, so an API answer of 302 to
    // another origin would carry the token and app id there. A redirect is a network failure instead.
    // (An upload with a progress listener needs XHR's upload events: request.ts asks for it there.)
    adapter: 'fetch',
    fetchOptions: { redirect: 'error' },
    // No `User-Agent: axios/<version>` (axios's fetch adapter adds it unless told not to): Chromium drops
    // it, but WebKit (iOS WKWebView, WeChat on iOS, Safari) sends it, and on the API's own origin that
    // header needs a preflight the API does not allow: every call failed as a network error there.
    headers: { 'User-Agent': false },
    ...defaults,
  })
  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    // The token and app id go to the API base only; an absolute URL elsewhere gets neither.
    const target = originOf(instance.getUri(config))
    if (target === null || target !== originOf(config.baseURL ?? '')) return config
    const token = getToken()
    const { appId } = getEnv()
    if (token) config.headers.set('Authorization', `Bearer ${token}`)
    if (appId) config.headers.set('X-App-Id', appId)
    return config
  })
  return instance
}

/** The one axios instance, created on first use (so importing this module touches no browser global). */
export function getHttpClient(): AxiosInstance {
  const { defaults, generation } = testClientDefaults()
  if (!client || madeFor !== generation) {
    client = create(defaults)
    madeFor = generation
  }
  return client
}
