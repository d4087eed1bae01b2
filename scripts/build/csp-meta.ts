/**
 * Vite plugin `cspMeta()`: writes each built page's Content-Security-Policy into its HTML as a `<meta>`
 * (right after `<meta charset>`, so it covers every script after it): scripts only from the page's own
 * origin plus the sha256 of each inline script the build put there (the early request, the frame
 * guard). A CDN or object store then needs no per-page header for it; `frame-ancestors`, which a
 * `<meta>` cannot carry, is a static header (docs/deploying.md, "Headers"). Runs after the prerender wrote its
 * inline scripts and before the pages manifest hashes the HTML.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { inlineScriptHashes } from '../../common/inline-script-hashes.ts'

/** The policy for a page: its scripts from its origin and its own inline scripts only. */
export function pagePolicy(html: string): string {
  return [`script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(), "object-src 'none'", "base-uri 'self'"].join('; ')
}

const META = /<meta http-equiv="Content-Security-Policy"[^>]*>/i

/** `html` with its policy right after `<meta charset>` (or `<head>`), before any script (replacing an older one). */
export function withPolicyMeta(html: string): string {
  const bare = html.replace(META, '')
  const tag = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy(bare)}">`
  const anchor = /<meta charset=[^>]*>/i.exec(bare) ?? /<head(\s[^>]*)?>/i.exec(bare)
  if (!anchor) return bare
  const at = anchor.index + anchor[0].length
  return bare.slice(0, at) + tag + bare.slice(at)
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html') && !join(e.parentPath, e.name).includes(`${join(dir, 'assets')}`))
    .map((e) => join(e.parentPath, e.name))
}

export function cspMeta(): Plugin {
  let outDir = 'dist'
  return {
    name: 'kids-english:csp-meta',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      order: 'post',
      handler(options) {
        for (const file of htmlFiles(options.dir ?? outDir)) writeFileSync(file, withPolicyMeta(readFileSync(file, 'utf8')))
      },
    },
  }
}
