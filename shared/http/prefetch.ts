/**
 * Data in parallel with code (issue 7): a tiny script inlined into a page's HTML starts the page's first
 * API request while the bundle downloads (scripts/build/prerender/prefetch.ts builds it from
 * shared/app/first-requests.ts); request.ts then takes that response instead of asking again.
 *
 * The hand-over is a registry on `window`, keyed by method, path and query. An entry is taken once:
 * a retry after a failure goes to the network. React-free, no axios: the inline script stays small.
 */

/** The name of the registry on `window`. */
export const PREFETCH_GLOBAL = '__kidsPrefetch'
/** The replies already in, by the same keys (a page may draw them in its first render). */
export const PREFETCH_SETTLED_GLOBAL = '__kidsPrefetchSettled'

/** What a prefetched request settles to: the HTTP status and the body, parsed as JSON when it is JSON. */
export interface PrefetchedReply {
  status: number
  body: unknown
}

/** The key of a GET of `path` with query `params` (sorted, so the order of keys does not matter). */
export function prefetchKey(path: string, params?: Record<string, unknown>): string {
  const query = Object.keys(params ?? {})
    .filter((k) => params![k] !== undefined && params![k] !== null)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params![k]))}`)
    .join('&')
  return `GET ${path}${query ? `?${query}` : ''}`
}

/** The record named `name` on `window` (made when `create` and missing); null outside a browser or when missing. */
function windowRecord<V>(name: string, create: boolean): Record<string, V> | null {
  if (typeof window === 'undefined') return null
  const w = window as unknown as Record<string, Record<string, V> | undefined>
  if (!w[name] && create) w[name] = {}
  return w[name] ?? null
}

const registry = (create: boolean) => windowRecord<Promise<PrefetchedReply>>(PREFETCH_GLOBAL, create)
const settledRegistry = (create: boolean) => windowRecord<PrefetchedReply>(PREFETCH_SETTLED_GLOBAL, create)

/** The name of the list of functions called whenever an early reply settles (the head script's first screen). */
export const PREFETCH_WATCH_GLOBAL = '__kidsPrefetchWatch'

const watchers = () => windowRecord<() => void>(PREFETCH_WATCH_GLOBAL, true)

/** Calls `listener` each time an early reply settles (arrives or fails), from now on. */
export function onPrefetchSettled(listener: () => void): void {
  const all = watchers()
  if (all) all[String(Object.keys(all).length)] = listener
}

/** The name of the count of early requests still on their way (`earlyRequestsPending`). */
export const PREFETCH_PENDING_GLOBAL = '__kidsPrefetchPending'

/**
 * How many early requests are still on their way. A request a reply leads to (FirstRequest.then) is
 * started before the listeners of that reply run, so at 0 in a listener every request has settled.
 */
export function earlyRequestsPending(): number {
  const value = typeof window === 'undefined' ? 0 : (window as unknown as Record<string, unknown>)[PREFETCH_PENDING_GLOBAL]
  return typeof value === 'number' ? value : 0
}
const setPending = (count: number) => void ((window as unknown as Record<string, unknown>)[PREFETCH_PENDING_GLOBAL] = count)

/** Records a request started early (the inline script calls this). */
export function putPrefetched(path: string, params: Record<string, unknown> | undefined, reply: Promise<PrefetchedReply>): void {
  // An unhandled rejection before the page takes it would be reported as an error.
  const key = prefetchKey(path, params)
  setPending(earlyRequestsPending() + 1)
  const settle = () => {
    setPending(Math.max(0, earlyRequestsPending() - 1))
    for (const listener of Object.values(watchers() ?? {})) listener()
  }
  reply
    .then((value) => void (settledRegistry(true)![key] = value))
    .then(settle, settle)
    .catch(() => {})
  registry(true)![key] = reply
}

/**
 * The early reply for a GET of `path` with `params` if it has already arrived, without taking it
 * (`takePrefetched` does); undefined while it is on its way, after it was taken, or when none started.
 */
export function peekPrefetched(path: string, params?: Record<string, unknown>): PrefetchedReply | undefined {
  const key = prefetchKey(path, params)
  return registry(false)?.[key] ? settledRegistry(false)?.[key] : undefined
}

/**
 * The early reply for a GET of `path` with `params`, or null when none was started. Taking it removes
 * it. It rejects when the request got no reply (offline, time-out), as axios would.
 */
export function takePrefetched(path: string, params?: Record<string, unknown>): Promise<PrefetchedReply> | null {
  const entries = registry(false)
  if (!entries) return null
  const key = prefetchKey(path, params)
  const reply = entries[key]
  if (!reply) return null
  delete entries[key]
  const settled = settledRegistry(false)
  if (settled) delete settled[key]
  return reply
}

/** The name of the registry of replies kept from an earlier open (kept-replies.ts), by the same keys. */
export const PREFETCH_KEPT_GLOBAL = '__kidsPrefetchKept'

const keptRegistry = (create: boolean) => windowRecord<PrefetchedReply>(PREFETCH_KEPT_GLOBAL, create)

/** Hands the page the reply kept from its last open for this GET (the inline script calls this). */
export function putKept(path: string, params: Record<string, unknown> | undefined, reply: PrefetchedReply): void {
  keptRegistry(true)![prefetchKey(path, params)] = reply
}

/** The reply kept from the last open for a GET of `path` with `params`, without taking it; undefined when none. */
export function peekKept(path: string, params?: Record<string, unknown>): PrefetchedReply | undefined {
  return keptRegistry(false)?.[prefetchKey(path, params)]
}

/** The early request for a GET of `path` with `params` while it is on its way or in, without taking it; null when none. */
export function watchPrefetched(path: string, params?: Record<string, unknown>): Promise<PrefetchedReply> | null {
  return registry(false)?.[prefetchKey(path, params)] ?? null
}

/** The reply kept from the last open for a GET of `path` with `params`, taken once; undefined when none. */
export function takeKept(path: string, params?: Record<string, unknown>): PrefetchedReply | undefined {
  const entries = keptRegistry(false)
  const key = prefetchKey(path, params)
  const reply = entries?.[key]
  if (entries) delete entries[key]
  return reply
}
