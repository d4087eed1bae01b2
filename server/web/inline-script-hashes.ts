/**
 * `'sha256-…'` of every inline script of a page, the one list both Content-Security-Policies are made
 * of: the header the server sends (security-headers.ts) and the `<meta>` the build writes into each page
 * (scripts/csp-meta.ts, which imports this; server/ never imports the build). Only node:crypto, so the
 * build can load it without the server.
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
