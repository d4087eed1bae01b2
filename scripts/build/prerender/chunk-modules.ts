/**
 * Vite plugin `chunkModules()`: after a build, records which source modules went into each JS chunk,
 * in `node_modules/.cache/kids-english/chunk-modules-<outDir hash>.json`. The budgets check reads it to
 * prove a page loads no code it does not use ("the brand page loads no HTTP client") without guessing
 * from minified bytes. It lives outside dist/ so no deploy ever ships source paths, and one file per
 * output directory so a build into a temp dir (the delivery tests) leaves dist/'s map alone.
 * It sits beside the prerender plugin because vite.config.ts may import only from scripts/.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { Plugin } from 'vite'

/** The map of the build written to `outDir`. */
export function chunkModulesFile(repoRoot: string, outDir: string): string {
  const key = createHash('sha1').update(resolve(outDir)).digest('hex').slice(0, 12)
  return join(repoRoot, 'node_modules', '.cache', 'kids-english', `chunk-modules-${key}.json`)
}

/** `assets/http-Bz.js` → the modules in it, as repo-relative paths (`node_modules/axios/lib/axios.js`). */
export type ChunkModules = Record<string, string[]>

/** Turns a bundler module id (absolute path, maybe with `?query` or a `\0` virtual prefix) into a repo path. */
export function toRepoPath(id: string, repoRoot: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0] ?? id
  if (!clean.startsWith(repoRoot)) return clean
  return relative(repoRoot, clean).split(sep).join('/')
}

/** Writes the chunk → modules map of every build (see `chunkModulesFile`). */
export function chunkModules(repoRoot: string): Plugin {
  return {
    name: 'kids-english:chunk-modules',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return
      const map: ChunkModules = {}
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        map[item.fileName] = item.moduleIds.map((id) => toRepoPath(id, repoRoot)).sort()
      }
      const file = chunkModulesFile(repoRoot, options.dir)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(map, null, 1)}\n`)
    },
  }
}

/** Reads the map of the last build into `outDir`, or `null` when there is none. */
export function readChunkModules(repoRoot: string, outDir: string): ChunkModules | null {
  try {
    return JSON.parse(readFileSync(chunkModulesFile(repoRoot, outDir), 'utf8')) as ChunkModules
  } catch {
    return null
  }
}
