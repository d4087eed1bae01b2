/**
 * The inline script's entry (bundled into a page's HTML by scripts/prerender/prefetch.ts): starts the
 * page's first API request from the URL, with the http module's own rules: the API base of
 * config/api-hosts.ts, the token and app id of the user agent (or the saved token) and nothing else,
 * the 15 s time-out. The page's request then takes the reply (prefetch.ts).
 */
import { getToken } from '../bridge/user'
import { getEnv } from '../env'
import { parseQuery } from '../format/parse-query'
import { getApiBase, REQUEST_TIMEOUT_MS } from './client'
import { putPrefetched, type PrefetchedReply } from './prefetch'

/** Which request a page makes first, and how its URL is made from the page's query. */
export interface PrefetchRule {
  /** The API path; a `:name` segment takes the query parameter `name`. */
  path: string
  /**
   * Query parameter → how the page reads it: `text` (trimmed; empty = the page makes no request),
   * `id` (a positive whole number, anything else 0) or `requiredId` (a positive whole number, anything
   * else = the page makes no request).
   */
  query: Record<string, 'text' | 'id' | 'requiredId'>
  /** The call needs a token: without one the page would be sent to log in, so nothing starts. */
  needsToken: boolean
  /**
   * A dotted path in the reply (`data.imageUrl`) to an image the first view shows: preloaded on arrival,
   * and shown at once in the frame's `[data-early-image]` box if it has one.
   */
  preloadImage?: string
  /**
   * The page loads all of its lazy chunks once this reply arrives (the share viewer): the build lists
   * them in `modulepreload` so they download with the bundle instead of after it.
   */
  preloadLazy?: boolean
  /** URLs of JS chunks to modulepreload when the request starts (filled in by the build). */
  modulepreload?: string[]
}

/** Adds a modulepreload link: Vite's loader finds it by href and does not ask for the chunk again. */
function modulepreload(href: string): void {
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
  let url: URL
  try {
    url = new URL(value, location.href)
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
  const slot = document.querySelector('[data-early-image]')
  if (slot && !slot.firstChild) {
    const img = document.createElement('img')
    img.alt = ''
    img.setAttribute('fetchpriority', 'high')
    img.src = url.href
    img.style.cssText = 'display:block;width:100%;height:100%;object-fit:cover'
    slot.appendChild(img)
  }
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

/** Starts the request `rule` describes for this page's URL, if the URL has what it needs. */
export function startPrefetch(rule: PrefetchRule): void {
  const query = parseQuery(location.search)
  const params: Record<string, string> = {}
  let path = rule.path
  for (const [name, kind] of Object.entries(rule.query)) {
    const raw = query[name] ?? ''
    let value = raw.trim()
    if (kind === 'text') {
      if (!value) return
    } else {
      const n = Number(raw)
      const valid = Number.isSafeInteger(n) && n > 0
      if (!valid && kind === 'requiredId') return
      value = String(valid ? n : 0)
    }
    if (path.includes(`:${name}`)) path = path.replace(`:${name}`, encodeURIComponent(value))
    else params[name] = value
  }
  const token = getToken()
  if (rule.needsToken && !token) return
  for (const href of rule.modulepreload ?? []) modulepreload(href)
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' }
  if (token) headers.Authorization = `Bearer ${token}`
  const { appId } = getEnv()
  if (appId) headers['X-App-Id'] = appId
  const search = new URLSearchParams(params).toString()
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  // no-cache: on a back navigation Chrome lets requests made while the page loads take stale cached
  // replies (a folder list without the folder just created); axios's later request never did.
  const reply = fetch(`${getApiBase()}${path}${search ? `?${search}` : ''}`, { headers, signal: controller.signal, cache: 'no-cache' })
    .then(read)
    .finally(() => clearTimeout(timer))
  if (rule.preloadImage) {
    const imagePath = rule.preloadImage
    reply.then((r) => preloadImage(r, imagePath)).catch(() => {})
  }
  putPrefetched(path, params, reply)
}
