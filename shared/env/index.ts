import { parseUserAgent, type ClientEnv } from './parse-user-agent'

export type { ClientEnv } from './parse-user-agent'
export { parseUserAgent } from './parse-user-agent'
export { versionGte } from './version'

let cached: ClientEnv | undefined

/**
 * The client environment, read from `navigator.userAgent` on the first call and kept (the user agent
 * does not change during a page's life). Outside a browser it describes an empty user agent.
 */
export function getEnv(): ClientEnv {
  cached ??= parseUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent)
  return cached
}

/** Forgets the cached environment so the next `getEnv()` reads the user agent again. Tests only. */
export function resetEnvForTests(): void {
  cached = undefined
}
