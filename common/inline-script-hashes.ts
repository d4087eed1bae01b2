/**
 * `'sha256-…'` of every inline script of a page, the one list both Content-Security-Policies are made
 * of: the header the server sends (server/web/security-headers.ts) and the `<meta>` the build writes into
 * each page (scripts/build/csp-meta.ts). It lives in common/, which both may import and which imports
 * nothing of the repo, so neither the server nor the build imports the other. Only node:crypto.
 */
import { createHash } from 'node:crypto'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** `'sha256-…'` of every inline (no `src`) script of `html`, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs!)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}
