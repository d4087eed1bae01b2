/**
 * Vite plugin `pagesManifest()`: after the build is written, records in `<outDir>/pages-manifest.json`
 * every route's HTML and every file that page loads, with sha256 and size (issue 8), and each page's
 * descriptor (its page.ts, under `pages`); each page's release id goes into its HTML and its entry
 * (release-id.ts). pages:diff and deploy read the files; the server (aliases,
 * demo links), the bench and the smoke test read the descriptors. See docs/deploying.md and the README
 * ("Adding a page").
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import type { PageDescriptor } from '../../shared/app/define-page.ts'
import { buildManifest, type ChunkInfo } from '../delivery/asset-graph.ts'
import { hashFileSync } from '../delivery/hash.ts'
import { MANIFEST_FILE, stringifyManifest, type PagesManifest } from '../delivery/manifest.ts'
import { aliasesOf, describePage } from './pages/descriptors.ts'
import { releaseId, withReleaseMeta } from './release-id.ts'

/** The mark of the inline script that draws a page's first screen before React (scripts/build/prerender/prefetch.ts). */
const FIRST_SCREEN_SCRIPT = '<script data-inline="first-screen">'

/** Whether the built HTML of `route` draws its first screen before React: read from what the build wrote. */
function drawsFirstScreen(outDir: string, route: string): boolean {
  const file = join(outDir, route, 'index.html')
  return existsSync(file) && readFileSync(file, 'utf8').includes(FIRST_SCREEN_SCRIPT)
}

/** Adds `pages-manifest.json` to the build output. `pages`: route → its descriptor. */
export function pagesManifest(pages: ReadonlyMap<string, PageDescriptor>): Plugin {
  let base = '/'
  let fallbackOutDir = 'dist'
  const aliases = aliasesOf(pages)
  return {
    name: 'kids-english:pages-manifest',
    apply: 'build',
    configResolved(config) {
      base = config.base
      fallbackOutDir = resolve(config.root, config.build.outDir)
    },
    // writeBundle, last: every plugin has renamed/emitted its HTML and the bytes on disk are final.
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        const outDir = options.dir ?? fallbackOutDir
        const chunks = new Map<string, ChunkInfo>()
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') chunks.set(item.fileName, item)
        }
        const manifest = stampReleases(outDir, buildManifest({ outDir, chunks, base, aliases }))
        const described = Object.fromEntries(
          [...pages].map(([route, page]) => [`/${route}`, { ...describePage(page), firstScreen: drawsFirstScreen(outDir, route) }]),
        )
        writeFileSync(join(outDir, MANIFEST_FILE), stringifyManifest({ ...manifest, pages: described }))
      },
    },
  }
}

/** Writes each route's release meta into its HTML, and the release and the stamped HTML's hash into its entry. */
function stampReleases(outDir: string, manifest: PagesManifest): PagesManifest {
  for (const route of Object.values(manifest.routes)) {
    const file = join(outDir, route.html.file)
    const html = readFileSync(file, 'utf8')
    const release = releaseId(html, route.assets)
    writeFileSync(file, withReleaseMeta(html, release))
    route.release = release
    route.html = { file: route.html.file, ...hashFileSync(file) }
  }
  return manifest
}
