/** Where the pages find the API (docs/contracts/api.md "Base URL"). The only hosts that get the token. */

/** The page host of the production site: pages served from it talk to the production API. */
export const PRODUCTION_PAGE_HOST = 'h5.kidsenglish.example.com'
export const PRODUCTION_API_BASE = 'https://api.kidsenglish.example.com'
export const TEST_API_BASE = 'https://test-api.kidsenglish.example.com'

// location.hostname gives IPv6 in brackets; the bare form is accepted too.
export const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * The API base for a page at `hostname` / `origin`: the build-time override when set; the page's own
 * origin on a local host (the reference server serves pages and API together); the production API on
 * the production page host; the test API anywhere else.
 * @param override defaults to `VITE_API_BASE`; pass `''` to ignore it.
 */
export function resolveApiBase(hostname: string, origin: string, override: string | undefined = import.meta.env.VITE_API_BASE): string {
  if (override) return override.replace(/\/+$/, '')
  if (LOCAL_HOSTS.has(hostname)) return origin
  return hostname === PRODUCTION_PAGE_HOST ? PRODUCTION_API_BASE : TEST_API_BASE
}

/** True when `base` is the production API: only then is `eType: 1` data sent to native decrypt. */
export function isProductionApi(base: string): boolean {
  try {
    return new URL(base).origin === new URL(PRODUCTION_API_BASE).origin
  } catch {
    return false // a relative or malformed base is never production
  }
}
