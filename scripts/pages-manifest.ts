/**
 * Vite plugin `pagesManifest()`: after the build is written, records in `<outDir>/pages-manifest.json`
 * every route's HTML and every file that page loads, with sha256 and size (issue 8). pages:diff and
 * deploy read it; see README "Deploying one page at a time".
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { buildManifest, type ChunkInfo } from './delivery/asset-graph.ts'
import { MANIFEST_FILE, stringifyManifest } from './delivery/manifest.ts'

/** Adds `pages-manifest.json` to the build output. */
export function pagesManifest(): Plugin {
  let base = '/'
  let fallbackOutDir = 'dist'
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
        const manifest = buildManifest({ outDir, chunks, base })
        writeFileSync(join(outDir, MANIFEST_FILE), stringifyManifest(manifest))
      },
    },
  }
}
