/**
 * The next release of a real build, made by editing the built pages rather than building again (a build
 * takes 20 s here): a copy of the build in which some pages change, each with its HTML's sha256 and size,
 * its files and its release id rewritten in `pages-manifest.json` and in its `<meta name="kids-release">`
 * exactly as the build derives them (scripts/build/release-id.ts), so that the deploy, pages:diff and the
 * field reports see a new release of those pages and of no other.
 */
import { createHash } from 'node:crypto'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { releaseId, withReleaseMeta } from '../../../scripts/build/release-id'
import { sha256 } from '../../../scripts/delivery/hash'
import { stringifyManifest, type AssetRef, type PagesManifest } from '../../../scripts/delivery/manifest'

export interface PageEdit {
  /** The route (`/price_up`). */
  route: string
  /** Scripts this release adds to the page, written into the build as `assets/<name>-<8-character hash>.js`. */
  scripts?: { name: string; source: string }[]
  /** The page's new HTML, from its built HTML and the scripts added (their files, in order). */
  html(built: string, added: AssetRef[]): string
}

/** Writes a script file of the build's kind (its name a content hash) into the build `dir`; returns its manifest entry. */
function addScript(dir: string, name: string, source: string): AssetRef {
  const bytes = Buffer.from(source)
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 8)
  const file = `assets/${name}-${hash}.js`
  writeFileSync(join(dir, file), bytes)
  return { file, sha256: sha256(bytes), size: bytes.length }
}

/** Copies the build `from` to `to` and applies `edits` there. Returns the new manifest. */
export function nextRelease(from: string, to: string, edits: PageEdit[]): PagesManifest {
  cpSync(from, to, { recursive: true })
  const manifest = JSON.parse(readFileSync(join(to, 'pages-manifest.json'), 'utf8')) as PagesManifest
  for (const edit of edits) {
    const entry = manifest.routes[edit.route]
    if (!entry) throw new Error(`the build has no route ${edit.route}`)
    const added = (edit.scripts ?? []).map(({ name, source }) => addScript(to, name, source))
    const assets = [...entry.assets, ...added].sort((a, b) => (a.file < b.file ? -1 : 1))
    const changed = edit.html(readFileSync(join(to, entry.html.file), 'utf8'), added)
    const release = releaseId(changed, assets)
    const html = Buffer.from(withReleaseMeta(changed, release))
    writeFileSync(join(to, entry.html.file), html)
    manifest.routes[edit.route] = { ...entry, assets, release, html: { file: entry.html.file, sha256: sha256(html), size: html.length } }
  }
  writeFileSync(join(to, 'pages-manifest.json'), stringifyManifest(manifest))
  return manifest
}

/**
 * The edit that makes `route` throw `message` as it starts in WebKit only (its vendor is Apple's, Chromium's
 * Google's): a classic script at the end of `<head>`, after the field reports' capture script and before the
 * page's code.
 */
export function webkitFault(route: string, message: string): PageEdit {
  return {
    route,
    scripts: [
      { name: 'webkit-fault', source: `if (navigator.vendor === 'Apple Computer, Inc.') throw new Error(${JSON.stringify(message)})\n` },
    ],
    html: (html, [fault]) => html.replace('</head>', `<script src="/${fault!.file}"></script></head>`),
  }
}
