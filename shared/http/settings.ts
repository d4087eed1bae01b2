/**
 * What the axios instance (axios-client.ts) and the HTML's early requests (prefetch-start.ts) share,
 * without importing axios: the API base, the time-out, and the defaults tests put under the instance.
 */
import type { CreateAxiosDefaults } from 'axios'
import { resolveApiBase } from '../config/api-hosts'

/** Requests give up after 15 s (docs/decisions.md): a stalled network must not spin forever. */
export const REQUEST_TIMEOUT_MS = 15_000

/** The API base for this page (config/api-hosts.ts); '' outside a browser. */
export function getApiBase(): string {
  if (typeof location === 'undefined') return ''
  return resolveApiBase(location.hostname, location.origin)
}

let testDefaults: CreateAxiosDefaults = {}
let generation = 0

/**
 * Drops the axios instance; the next one is created with `defaults` on top (e.g. a fake `adapter`).
 * Tests only. It lives here, not beside the instance, so that importing it does not pull in axios.
 */
export function resetHttpClientForTests(defaults: CreateAxiosDefaults = {}): void {
  testDefaults = defaults
  generation++
}

/** The test defaults and how many resets there have been (axios-client.ts rebuilds on a change). */
export function testClientDefaults(): { defaults: CreateAxiosDefaults; generation: number } {
  return { defaults: testDefaults, generation }
}
