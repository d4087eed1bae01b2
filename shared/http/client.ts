import axios, { type AxiosInstance, type CreateAxiosDefaults, type InternalAxiosRequestConfig } from 'axios'
import { getToken } from '../bridge/user'
import { resolveApiBase } from '../config/api-hosts'
import { getEnv } from '../env'

/** Requests give up after 15 s (decisions.md): a stalled network must not spin forever. */
export const REQUEST_TIMEOUT_MS = 15_000

let client: AxiosInstance | undefined
let testDefaults: CreateAxiosDefaults = {}

/** The API base for this page (config/api-hosts.ts); '' outside a browser. */
export function getApiBase(): string {
  if (typeof location === 'undefined') return ''
  return resolveApiBase(location.hostname, location.origin)
}

function originOf(url: string): string | null {
  try {
    return new URL(url, typeof location === 'undefined' ? undefined : location.href).origin
  } catch {
    return null
  }
}

function create(): AxiosInstance {
  const instance = axios.create({
    baseURL: getApiBase(),
    timeout: REQUEST_TIMEOUT_MS,
    // Every status resolves: envelope.ts reads error replies too, so only "no reply" rejects.
    validateStatus: () => true,
    ...testDefaults,
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
  client ??= create()
  return client
}

/** Drops the instance; the next one is created with `defaults` on top (e.g. a fake `adapter`). Tests only. */
export function resetHttpClientForTests(defaults: CreateAxiosDefaults = {}): void {
  client = undefined
  testDefaults = defaults
}
