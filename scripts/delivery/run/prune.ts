/**
 * prune: deletes what no recent release needs. Keeps the last N releases, the live state (even one a
 * cut-short deploy left behind) and every release that was live within the grace period (a WebView
 * opened before a deploy, or HTML still cached at the CDN's edge, may still load its lazy chunks);
 * deletes the other release records first, then every file under assets/ and every file a release
 * once listed that none of the kept releases uses.
 */
import { parseRolloutDocument, releaseHtmlPath, RELEASES_DIR, ROLLOUT_FILE } from '../../../common/rollout/document.ts'
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

/** The immutable HTML paths the target's rollout.json names (none without one), or `null` when it cannot be read. */
async function rolloutNames(store: Store): Promise<Set<string> | null> {
  const body = await store.get(ROLLOUT_FILE)
  if (!body) return new Set()
  try {
    // What the document names, signed or not: prune only keeps files by it (the app verifies it).
    const doc = parseRolloutDocument(String((JSON.parse(body.toString('utf8')) as { document?: unknown }).document))
    return new Set(Object.values(doc.routes).flatMap((r) => [r.stable.html, ...(r.canary ? [r.canary.html] : [])]))
  } catch {
    return null
  }
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
  // A canary's files are used while a kept record names it; a release's immutable HTML while a kept
  // release (or its canary) or the current rollout.json names it (an app may still open it).
  const canariesOf = (r: (typeof live.releases)[number]) => Object.values(r.info.canaries ?? {}).map((c) => c.entry)
  const noteCanaries = (r: (typeof live.releases)[number], into: Set<string>) => {
    for (const entry of canariesOf(r)) for (const a of entry.assets) into.add(a.file)
  }
  for (const r of kept) note(r.manifest, used)
  for (const r of kept) noteCanaries(r, used)
  note(live.manifest, used)
  for (const r of live.releases) note(r.manifest, listed)
  for (const r of live.releases) noteCanaries(r, listed)
  const named = await rolloutNames(store)
  for (const r of kept) {
    for (const entry of [...Object.values(r.manifest.routes), ...canariesOf(r)])
      if (entry.release) named?.add(releaseHtmlPath(entry.name, entry.release))
  }
  for (const entry of Object.values(live.manifest.routes)) if (entry.release) named?.add(releaseHtmlPath(entry.name, entry.release))
  const underAssets = new Set(await store.list('assets/'))
  // An unreadable rollout.json names what it names: no immutable HTML is deleted then.
  const releaseHtml = named ? (await store.list(`${RELEASES_DIR}/`)).filter((f) => !named.has(f)) : []
  const candidates = [...new Set([...underAssets, ...listed])].filter((f) => !used.has(f) && !htmlFiles.has(f)).sort()
  const there = await mapLimit(candidates, PARALLEL, async (f) => underAssets.has(f) || (await store.stat(f)) !== null)
  const filesKeptFor = book.damaged.filter((d) => !(now.getTime() - idTime(d.id) >= graceMs)).map((d) => d.id)
  const deletedFiles = filesKeptFor.length > 0 ? [] : [...candidates.filter((_, i) => there[i]), ...releaseHtml].sort()

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
