/** A small build written by hand (HTML + assets + pages manifest), for tests that need no real build. */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { releaseId } from '../../../scripts/build/release-id'
import { sha256 } from '../../../scripts/delivery/hash'
import { stringifyManifest, type PagesManifest } from '../../../scripts/delivery/manifest'

/** Writes a build of `routes` pages into `dir`, each loading one script of `assetBytes` random bytes. */
export function writeMiniBuild(dir: string, routes: readonly string[], assetBytes = 1024): PagesManifest {
  const manifest: PagesManifest = { version: 1, routes: {}, other: [] }
  const put = (file: string, bytes: Buffer) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), bytes)
    return { file, sha256: sha256(bytes), size: bytes.length }
  }
  for (const name of routes) {
    const asset = put(`assets/${name}-${randomBytes(4).toString('hex')}.js`, randomBytes(assetBytes))
    const text = `<!doctype html><script type="module" src="/${asset.file}"></script>`
    const html = put(`${name}/index.html`, Buffer.from(text))
    manifest.routes[`/${name}`] = { path: `/${name}`, name, html, assets: [asset], release: releaseId(text, [asset]) }
  }
  writeFileSync(join(dir, 'pages-manifest.json'), stringifyManifest(manifest))
  return manifest
}
