/**
 * Finds the local files an HTML page or a CSS file points at (`src`, `href`, `srcset`, `url()`), as
 * paths relative to the output directory. Remote URLs, data: URLs and fragments are left out.
 */
import { posix } from 'node:path'

const HTML_ATTR = /\s(?:src|href|srcset|data-src|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi
const CSS_IMPORT = /@import\s+(?:"([^"]*)"|'([^']*)')/gi

/**
 * Local references in an HTML document at `fromFile` (e.g. `price_up/index.html`), resolved against
 * the document's directory and Vite's `base` (`/` by default, or a path or CDN URL prefix).
 */
export function htmlRefs(html: string, fromFile: string, base = '/'): string[] {
  const found: string[] = []
  for (const m of html.matchAll(HTML_ATTR)) {
    const value = m[1] ?? m[2] ?? m[3] ?? ''
    // srcset lists "url 2x, url 480w": every candidate counts.
    const urls = /srcset/i.test(m[0]) ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value]
    for (const url of urls) pushResolved(found, url, fromFile, base)
  }
  return unique(found)
}

/** Local references in a CSS file at `fromFile` (`url(...)` and `@import`). */
export function cssRefs(css: string, fromFile: string, base = '/'): string[] {
  const found: string[] = []
  for (const pattern of [CSS_URL, CSS_IMPORT]) {
    for (const m of css.matchAll(pattern)) pushResolved(found, m[1] ?? m[2] ?? m[3] ?? '', fromFile, base)
  }
  return unique(found)
}

function pushResolved(found: string[], raw: string, fromFile: string, base: string): void {
  const file = resolveRef(raw.trim(), fromFile, base)
  if (file) found.push(file)
}

/** `raw` as a path relative to the output directory, or `null` when it is not a local file URL. */
export function resolveRef(raw: string, fromFile: string, base = '/'): string | null {
  if (!raw || raw.startsWith('#') || raw.startsWith('//')) return null
  let url = raw
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    // An absolute URL is local only when it starts with an absolute base (a CDN prefix).
    if (!/^[a-z][a-z0-9+.-]*:/i.test(base) || !url.startsWith(base)) return null
    url = `/${url.slice(base.length)}`
  } else if (url.startsWith('/') && base.startsWith('/') && base !== '/' && url.startsWith(base)) {
    url = `/${url.slice(base.length)}`
  }
  const path = url.split(/[?#]/)[0] ?? ''
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  // Rooted before normalising, so `..` stops at the site root exactly as URL resolution does.
  const joined = decoded.startsWith('/') ? decoded : posix.join(posix.dirname(`/${fromFile}`), decoded)
  return posix.normalize(joined).replace(/^\/+/, '') || null
}

function unique(list: string[]): string[] {
  return [...new Set(list)]
}
