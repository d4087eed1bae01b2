/**
 * prune: deletes what no recent release needs. Keeps the last N releases, the live state (even one a
 * cut-short deploy left behind) and every release that was live within the grace period (a WebView
 * opened before a deploy, or HTML still cached at the CDN's edge, may still load its lazy chunks);
 * deletes the other release records first, then every file under assets/ and every file a release
 * once listed that none of the kept releases uses.
 */
import { DeliveryError } from '../errors.ts'
import type { PagesManifest } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import { liveRefusal, readLiveState } from '../releases/live-state.ts'
import { idTime, type DamagedRecord } from '../releases/records.ts'
import { openStore } from '../store/open-store.ts'
import type { Store } from '../store/store.ts'
import type { Run, RunOptions } from './context.ts'
import { startRun } from './locked-run.ts'

/** The default grace period: an asset live within the last 7 days is never deleted. */
export const GRACE_MS = 7 * 86_400_000

export interface PruneOptions extends RunOptions {
  /** The target: a directory, `s3://<bucket>/<prefix>`, or an opened store. */
  to: string | Store
  /** How many of the newest releases to keep (at least 1). */
  keep: number
  /** Releases live within this many milliseconds are kept, with their assets (GRACE_MS). */
  graceMs?: number
  /** The clock (tests). */
  now?: Date
}

export interface PruneResult {
  keptReleases: string[]
  /** Of `keptReleases`, those kept only because they were live within the grace period. */
  inGrace: { id: string; liveUntil: string | null }[]
  deletedReleases: string[]
  deletedFiles: string[]
  graceMs: number
  /** Damaged records: never deleted. */
  damaged: DamagedRecord[]
  /**
   * Damaged records made within the grace period: what they load is unknown and may still be loaded, so no
   * file is deleted while they are there.
   */
  filesKeptFor: string[]
}

/** Deletes releases older than the last `keep` (and past the grace period) and the assets none of the kept releases uses. */
export async function prune(options: PruneOptions): Promise<PruneResult> {
  if (!Number.isInteger(options.keep) || options.keep < 1) throw new DeliveryError('--keep must be a whole number ≥ 1')
  const { keep, graceMs = GRACE_MS, now = new Date() } = options
  const store = await openStore(options.to)
  return startRun(store, options, (run) => sweep(run, keep, graceMs, now))
}

async function sweep({ store, book, dryRun, lock }: Run, keep: number, graceMs: number, now: Date): Promise<PruneResult> {
  const live = await readLiveState(store, book)
  const refusal = liveRefusal(live, new Set())
  if (refusal) throw new DeliveryError(refusal)
  // A release without liveUntil may still be live (the current one, or one a cut-short run left).
  const inGraceOf = (liveUntil: string | undefined) => liveUntil === undefined || now.getTime() - Date.parse(liveUntil) < graceMs
  const newest = live.releases.filter((r, i) => i < keep || r.info.id === live.current)
  const kept = live.releases.filter((r) => newest.includes(r) || inGraceOf(r.info.liveUntil))
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
  const underAssets = new Set(await store.list('assets/'))
  const candidates = [...new Set([...underAssets, ...listed])].filter((f) => !used.has(f) && !htmlFiles.has(f)).sort()
  const there = await mapLimit(candidates, PARALLEL, async (f) => underAssets.has(f) || (await store.stat(f)) !== null)
  const filesKeptFor = book.damaged.filter((d) => !(now.getTime() - idTime(d.id) >= graceMs)).map((d) => d.id)
  const deletedFiles = filesKeptFor.length > 0 ? [] : candidates.filter((_, i) => there[i])

  const result: PruneResult = {
    keptReleases: kept.map((r) => r.info.id),
    inGrace: kept.filter((r) => !newest.includes(r)).map((r) => ({ id: r.info.id, liveUntil: r.info.liveUntil ?? null })),
    deletedReleases: dropped.map((r) => r.info.id),
    deletedFiles,
    graceMs,
    damaged: book.damaged,
    filesKeptFor,
  }
  if (dryRun) return result
  lock?.assertHeld()
  // Release records go first: a prune cut short then leaves unused files, never a release without assets.
  await book.remove(dropped.map((r) => r.info.id))
  lock?.assertHeld()
  await store.deleteMany(deletedFiles)
  return result
}
