/** Assertions about a deploy target, read from its files (not from the tools under test). */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { listFiles } from '../../../scripts/delivery/asset-graph'
import { sha256 } from '../../../scripts/delivery/hash'
import { htmlRefs } from '../../../scripts/delivery/html-refs'
import type { PagesManifest } from '../../../scripts/delivery/manifest'

/** sha256 of every file under `dir` (by relative path), optionally skipping `.releases/`. */
export function snapshot(dir: string, { withReleases = false } = {}): Map<string, string> {
  const files = listFiles(dir).filter((f) => withReleases || !f.startsWith('.releases/'))
  return new Map(files.map((f) => [f, sha256(readFileSync(join(dir, f)))]))
}

/** Files whose bytes differ between two snapshots, plus files added or removed. */
export function changedFiles(a: Map<string, string>, b: Map<string, string>): { changed: string[]; added: string[]; removed: string[] } {
  return {
    changed: [...a]
      .filter(([f, h]) => b.has(f) && b.get(f) !== h)
      .map(([f]) => f)
      .sort(),
    added: [...b.keys()].filter((f) => !a.has(f)).sort(),
    removed: [...a.keys()].filter((f) => !b.has(f)).sort(),
  }
}

/**
 * For every route of `builds`, which build the target's HTML comes from (index into `builds`), after
 * checking that each file that build's page loads (lazy ones included) is in the target with its bytes,
 * and that every file the live HTML itself references exists. Throws when a route is incomplete.
 */
export function servedVersions(target: string, builds: readonly PagesManifest[]): Map<string, number> {
  const served = new Map<string, number>()
  const paths = new Set(builds.flatMap((b) => Object.keys(b.routes)))
  for (const path of paths) {
    const file = builds.map((b) => b.routes[path]).find(Boolean)!.html.file
    if (!existsSync(join(target, file))) continue
    const bytes = readFileSync(join(target, file))
    const index = builds.findIndex((b) => b.routes[path]?.html.sha256 === sha256(bytes))
    if (index < 0) throw new Error(`${path} serves HTML from neither build`)
    for (const asset of builds[index]!.routes[path]!.assets) {
      const there = join(target, asset.file)
      if (!existsSync(there) || sha256(readFileSync(there)) !== asset.sha256) {
        throw new Error(`${path} (build ${index}) loads ${asset.file}, which the target lacks`)
      }
    }
    for (const ref of htmlRefs(bytes.toString('utf8'), file)) {
      if (!existsSync(join(target, ref))) throw new Error(`${file} references missing ${ref}`)
    }
    served.set(path, index)
  }
  return served
}
