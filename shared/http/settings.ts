/**
 * What the axios instance (axios-client.ts) and the HTML's early requests (shared/app/first-requests.ts) share,
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

/**
 * A URL from a reply (`imageUrl`, `mediaUrl`, an upload's `url`) as the page must load it: a root-relative
 * or relative path belongs to the API's origin, never the page's (docs/contracts/api.md, "Where the API
 * and the pages live apart"); an absolute URL stays as it is. '' stays ''; outside a browser the URL is
 * returned unchanged, and one that cannot be resolved gives ''. Call it on a URL already made safe
 * (`readUrl`).
 */
export function apiUrl(url: string): string {
  if (!url || typeof location === 'undefined') return url
  try {
    return new URL(url, new URL(`${getApiBase()}/`, location.href)).href
  } catch {
    return ''
  }
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
