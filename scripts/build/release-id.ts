/**
 * Each route's release (docs/telemetry.md, `release`): 12 hex characters of a sha256 over the page's HTML
 * without its release meta and the sha256 of every file its graph loads (the manifest's `assets`, lazy ones
 * included). So it changes exactly when pages:diff lists the route, two builds of the same source give the
 * same ids, and a page deployed alone has a release of its own. The build writes it into the HTML as
 * `<meta name="kids-release" content="…">`, where the field reporter reads it, and into
 * `dist/pages-manifest.json` (`routes[…].release`), where the deploy's watch and `npm run health` read it.
 * A `<meta>` is no script, so the page's script policy (csp-meta.ts) is the same with it.
 */
import { createHash } from 'node:crypto'
import type { AssetRef } from '../delivery/manifest.ts'

/** The `name` of the meta the reporter reads. */
export const RELEASE_META = 'kids-release'

const META = new RegExp(`<meta name="${RELEASE_META}" content="[^"]*">`, 'g')

/** `html` without its release meta. */
export function withoutReleaseMeta(html: string): string {
  return html.replace(META, '')
}

/** The release of a page: its HTML (meta left out) and the files it loads, by path and content. */
export function releaseId(html: string, assets: readonly AssetRef[]): string {
  const hash = createHash('sha256').update(`html ${createHash('sha256').update(withoutReleaseMeta(html)).digest('hex')}\n`)
  for (const a of [...assets].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : 0)))
    hash.update(`${a.file} ${a.sha256}${a.lazy ? ' lazy' : ''}\n`)
  return hash.digest('hex').slice(0, 12)
}

/** `html` with its release meta (replacing an older one) right after `<meta charset>` (or `<head>`): early in the head, before any script reads it. */
export function withReleaseMeta(html: string, release: string): string {
  const bare = withoutReleaseMeta(html)
  const anchor = /<meta charset=[^>]*>/i.exec(bare) ?? /<head(\s[^>]*)?>/i.exec(bare)
  if (!anchor) return bare
  const at = anchor.index + anchor[0].length
  return `${bare.slice(0, at)}<meta name="${RELEASE_META}" content="${release}">${bare.slice(at)}`
}
