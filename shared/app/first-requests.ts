/**
 * The inline script's runtime (bundled with a page's descriptor into its HTML by
 * scripts/build/prerender/prefetch.ts): starts the GETs the page's first view needs (its descriptor's
 * `firstRequests`, for the page's query as the page itself parses it), with the http module's own
 * rules: the API base of config/api-hosts.ts, the token and app id of the user agent (or the saved
 * token) and nothing else, the 15 s time-out. The page's request then takes the reply (prefetch.ts).
 */
import type { FirstRequest, PageDescriptor, Params } from './define-page'
import { getToken } from '../bridge/user'
import { isInApp } from '../bridge/in-app'
import { getEnv } from '../env'
import { isUsableReply, toApiResult } from '../http/envelope'
import { recordApiFailure, watchLeaving } from '../http/report-failure'
import { apiUrl, getApiBase, REQUEST_TIMEOUT_MS } from '../http/settings'
import { prefetchKey, putKept, putPrefetched, type PrefetchedReply } from '../http/prefetch'

/**
 * Where a page that keeps replies (FirstRequest.keep) keeps them: kept-replies.ts, which the build bundles
 * only into the inline script of such a page.
 */
export interface Keeper {
  read(key: string): PrefetchedReply | null
  write(key: string, reply: PrefetchedReply): void
  /** The prefix of a signed-in user's keys (kept-replies.ts `keptScope`). */
  scope(token: string): string
}

/** Adds a modulepreload link: Vite's loader finds it by href and does not ask for the chunk again. */
function addModulepreload(href: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.crossOrigin = ''
  link.href = href
  document.head.appendChild(link)
}

/** Starts downloading the image at `path` in a successful reply, so the page's <img> finds it cached. */
function preloadImage(reply: PrefetchedReply, path: string): void {
  let value: unknown = reply.body
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  if (reply.status !== 200 || typeof value !== 'string' || !value) return
  // Resolved as the page resolves it (apiUrl: a path is on the API's origin), so the page's <img> finds it.
  let url: URL
  try {
    url = new URL(apiUrl(value.trim()))
  } catch {
    return
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = url.href
  // An image preload is low priority by default: this one is the largest paint, ahead of the scripts.
  link.setAttribute('fetchpriority', 'high')
  document.head.appendChild(link)
  // The frame may keep a place for it (the share cover's picture): shown there before any JavaScript.
  whenInDocument('[data-early-image]', (slot) => {
    if (slot.firstChild) return
    const img = document.createElement('img')
    img.alt = ''
    img.setAttribute('fetchpriority', 'high')
    img.src = url.href
    img.style.cssText = 'display:block;width:100%;height:100%;object-fit:cover'
    slot.appendChild(img)
  })
}

/**
 * Calls `then` with the element matching `selector` once the parser has made it (a kept reply is here
 * while the <head> runs, before the body exists); never after the document is parsed without it.
 */
function whenInDocument(selector: string, then: (element: Element) => void): void {
  const found = document.querySelector(selector)
  if (found || document.readyState !== 'loading') {
    if (found) then(found)
    return
  }
  const observer = new MutationObserver(() => {
    const element = document.querySelector(selector)
    if (!element) return
    observer.disconnect()
    then(element)
  })
  observer.observe(document.documentElement, { childList: true, subtree: true })
  document.addEventListener('DOMContentLoaded', () => observer.disconnect())
}

async function read(response: Response): Promise<PrefetchedReply> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: axios hands the text over too
  }
  return { status: response.status, body }
}

/**
 * Starts the first requests of `page` for this page's URL. A page that needs a signed-in user starts
 * nothing without a token (it would be sent to log in). `modulepreload`: the page's lazy JS chunks, added
 * as a request with `preloadLazy` starts. `keeper`: where a request with `keep` keeps its reply.
 */
export function startFirstRequests<P extends Params>(
  page: PageDescriptor<P>,
  modulepreload: readonly string[] = [],
  keeper?: Keeper,
): void {
  const requests = page.requestsFor(page.parse(location.search))
  const token = getToken()
  // An account page starts nothing outside the app (it shows the open-in-app screen there) or without a
  // token (it would be sent to log in).
  if (requests.length === 0 || (page.signedIn && (!token || !isInApp()))) return
  if (requests.some((request) => request.preloadLazy)) for (const href of modulepreload) addModulepreload(href)
  // A signed-in page keeps its replies per user: another account signed in on the same phone never sees them.
  const scope = keeper && page.signedIn && token ? keeper.scope(token) : ''
  for (const request of requests) start(request, token, keeper, scope)
}

function start(request: FirstRequest, token: string | null, keeper: Keeper | undefined, scope: string): void {
  const { path } = request
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.params ?? {})) params[name] = String(value)
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' }
  if (token) headers.Authorization = `Bearer ${token}`
  const { appId } = getEnv()
  if (appId) headers['X-App-Id'] = appId
  const search = new URLSearchParams(params).toString()
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  // no-cache: on a back navigation Chrome lets requests made while the page loads take stale cached
  // replies (a folder list without the folder just created); axios's later request never did.
  // redirect: error: a redirect to another origin must not carry the token or app id there (nor one
  // to the same origin, which the API never sends).
  watchLeaving()
  const reply = fetch(`${getApiBase()}${path}${search ? `?${search}` : ''}`, {
    headers,
    signal: controller.signal,
    cache: 'no-cache',
    redirect: 'error',
  })
    .then(read)
    .finally(() => clearTimeout(timer))
  // A failure is the page's to report as it comes, whether the page's code ever takes the reply or not.
  reply.then(
    (r) => {
      const result = toApiResult(r.status, r.body)
      if (!result.success) recordApiFailure(path, result.code)
    },
    () => recordApiFailure(path, 0),
  )
  if (request.preloadImage) {
    const imagePath = request.preloadImage
    reply.then((r) => preloadImage(r, imagePath)).catch(() => {})
  }
  putPrefetched(path, request.params, reply)
  // The page's next requests, from this reply's data (FirstRequest.then).
  const { then } = request
  if (then) {
    reply
      .then((r) => {
        if (!isUsableReply(r.status, r.body)) return
        for (const next of then((r.body as { data?: unknown }).data ?? null)) if (next) start(next, token, keeper, scope)
      })
      .catch(() => {})
  }
  if (request.keep && keeper) {
    // The reply kept from the last open: the page draws it at once, its picture shown early too.
    const key = scope + prefetchKey(path, request.params)
    const kept = keeper.read(key)
    if (kept) {
      putKept(path, request.params, kept)
      if (request.preloadImage) preloadImage(kept, request.preloadImage)
    }
    reply.then((r) => keeper.write(key, r)).catch(() => {})
  }
}
