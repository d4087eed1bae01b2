/**
 * prune: deletes what no recent release needs. Keeps the last N releases (and always the live state,
 * even one a cut-short deploy left behind), deletes older release records first, then every file under
 * assets/ and every file a release once listed that none of the kept releases uses.
 */
import { existsSync, readdirSync, rmdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { listFiles } from './asset-graph.ts'
import { liveRefusal } from './live-check.ts'
import { readLiveState } from './live-state.ts'
import { DeliveryError, type PagesManifest } from './manifest.ts'
import { releasesDir } from './releases.ts'
import { withLock } from './target-lock.ts'

export interface PruneOptions {
  to: string
  /** How many of the newest releases to keep (at least 1). */
  keep: number
  dryRun?: boolean
}

export interface PruneResult {
  keptReleases: string[]
  deletedReleases: string[]
  deletedFiles: string[]
}

/** Deletes releases older than the last `keep` and the assets none of the kept releases uses. */
export async function prune(options: PruneOptions): Promise<PruneResult> {
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new DeliveryError('--keep must be a whole number ≥ 1')
  return options.dryRun ? run(options) : withLock(options.to, () => run(options))
}

async function run({ to, keep, dryRun }: PruneOptions): Promise<PruneResult> {
  const live = await readLiveState(to)
  const refusal = liveRefusal(live, new Set())
  if (refusal) throw new DeliveryError(refusal)
  const kept = live.releases.filter((r, i) => i < keep || r.info.id === live.current)
  const dropped = live.releases.filter((r) => !kept.includes(r))

  const used = new Set<string>()
  const listed = new Set<string>()
  const htmlFiles = new Set<string>()
  const note = (m: PagesManifest, into: Set<string>) => {
    for (const route of Object.values(m.routes)) {
      htmlFiles.add(route.html.file)
      for (const a of route.assets) into.add(a.file)
    }
    for (const a of m.other) into.add(a.file)
  }
  for (const r of kept) note(r.manifest, used)
  note(live.manifest, used)
  for (const r of live.releases) note(r.manifest, listed)
  const underAssets = existsSync(join(to, 'assets')) ? listFiles(join(to, 'assets')).map((f) => `assets/${f}`) : []
  const candidates = [...new Set([...underAssets, ...listed])].filter((f) => !used.has(f) && !htmlFiles.has(f)).sort()
  const deletedFiles = candidates.filter((f) => existsSync(join(to, f)))

  const result: PruneResult = {
    keptReleases: kept.map((r) => r.info.id),
    deletedReleases: dropped.map((r) => r.info.id),
    deletedFiles,
  }
  if (dryRun) return result
  // Release records go first: a prune cut short then leaves unused files, never a release without assets.
  for (const r of dropped) await rm(join(releasesDir(to), r.info.id), { recursive: true, force: true })
  // Half-written release records of runs that crashed (the lock says none is running now).
  for (const name of readdirSync(releasesDir(to))) {
    if (/^\..+\.tmp$/.test(name)) await rm(join(releasesDir(to), name), { recursive: true, force: true })
  }
  for (const file of deletedFiles) {
    await rm(join(to, file), { force: true })
    removeEmptyDirs(to, dirname(file))
  }
  return result
}

function removeEmptyDirs(root: string, dir: string): void {
  for (let d = dir; d !== '.' && d !== ''; d = dirname(d)) {
    const full = join(root, d)
    if (!existsSync(full) || readdirSync(full).length > 0) return
    rmdirSync(full)
  }
}
