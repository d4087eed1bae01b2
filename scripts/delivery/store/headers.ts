/**
 * The headers of each file a target serves (docs/deploying.md, Headers): what the S3 store writes as
 * object metadata, and what verify expects a public URL to answer. A directory target gets them from its
 * web server (the nginx sample there).
 */

import { contentTypeFor } from '../../../common/content-type.ts'

/** `/assets/*`: the name changes whenever the bytes do. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** HTML: revalidated on every open, so a switched page is seen at once. */
export const REVALIDATE = 'no-cache'
/** Other files of `public/` (`/favicon.svg`, `/share-cover.png`): not hashed, so a short cache. */
export const SHORT = 'public, max-age=3600'
/** `rollout.json`: the app refreshes it often, and a canary taken away must reach it within a minute or so. */
export const ROLLOUT_CACHE = 'public, max-age=60'
/** The deploy tool's own records (`.releases/`): never cached, never public. */
export const PRIVATE = 'private, no-store'

export interface FileHeaders {
  contentType: string
  cacheControl: string
}

/** The `Content-Type` and `Cache-Control` of `file` (a key: `assets/a-1.js`, `price_up/index.html`). */
export function headersFor(file: string): FileHeaders {
  const contentType = contentTypeFor(file)
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? ''
  // `_releases/<name>/<release>.html` never changes once written (docs/rollout.md): cached as an asset.
  const cacheControl = file.startsWith('.releases/')
    ? PRIVATE
    : file === 'rollout.json'
      ? ROLLOUT_CACHE
      : file.startsWith('assets/') || file.startsWith('_releases/')
        ? IMMUTABLE
        : ext === 'html'
          ? REVALIDATE
          : SHORT
  return { contentType, cacheControl }
}

/**
 * Media types a browser treats as the same as the one the table gives: JavaScript is `text/javascript`
 * (RFC 9239) and `application/javascript` (Debian's nginx `mime.types`, many CDNs); both run a module.
 */
const SAME_TYPE: Record<string, readonly string[]> = {
  'text/javascript': ['text/javascript', 'application/javascript'],
}

/** True when a served `Content-Type` is right for `expected` (parameters such as charset aside). */
export function acceptableType(served: string | null, expected: string): boolean {
  const bare = (type: string | null) => type?.split(';')[0]?.trim().toLowerCase() ?? ''
  const want = bare(expected)
  return (SAME_TYPE[want] ?? [want]).includes(bare(served))
}
