/**
 * What a deploy target serves right now, read from the HTML objects themselves rather than trusted from
 * the `current` pointer: a deploy interrupted while switching HTML leaves some routes on the new
 * release, and the next deploy, rollback or prune must know that (or prune could delete assets a
 * live page loads).
 */
import { emptyManifest, type AssetRef, type PagesManifest, type RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import type { Store } from '../store/store.ts'
import type { ReleaseBook } from './book.ts'
import type { Release } from './records.ts'

export interface LiveState {
  /** Every route as served now, each with the entry of the release its HTML came from. */
  manifest: PagesManifest
  /** The `current` pointer (`null` before the first deploy). */
  current: string | null
  /** The manifest the current release recorded; differs from `manifest` after a cut-short run. */
  recorded: PagesManifest | null
  /** Kept releases, newest first, with their manifests. */
  releases: Release[]
  /** Routes whose live HTML matches no kept release (edited or copied in by hand). */
  unknown: string[]
}

/** Reads the live state of `store`, whose records are `book` (an empty state for a target never deployed to). */
export async function readLiveState(store: Store, book: ReleaseBook): Promise<LiveState> {
  const { releases, current } = book
  const manifest = emptyManifest()
  const unknown: string[] = []
  const paths = [...new Set(releases.flatMap((r) => Object.keys(r.manifest.routes)))].sort()
  const byRecency = currentFirst(releases, current)
  const served = await mapLimit(paths, PARALLEL, (path) =>
    store.stat(byRecency.map((r) => r.manifest.routes[path]).find(Boolean)!.html.file),
  )
  for (const [i, path] of paths.entries()) {
    const live = served[i]
    if (!live) continue
    const match: RouteEntry | undefined = byRecency.map((r) => r.manifest.routes[path]).find((entry) => entry?.html.sha256 === live.sha256)
    if (match) manifest.routes[path] = match
    else unknown.push(path)
  }
  manifest.other = liveOther(releases, current)
  const recorded = releases.find((r) => r.info.id === current)?.manifest ?? null
  return { manifest, current, recorded, releases, unknown }
}

/** The current release first, then the rest newest first: the likeliest owner of a live file first. */
function currentFirst<T extends { info: { id: string } }>(releases: T[], current: string | null): T[] {
  return [...releases.filter((r) => r.info.id === current), ...releases.filter((r) => r.info.id !== current)]
}

/** Unhashed extra files of the current release and of any newer (interrupted) one: they may be live. */
function liveOther(releases: LiveState['releases'], current: string | null): AssetRef[] {
  const index = releases.findIndex((r) => r.info.id === current)
  const relevant = index < 0 ? releases.slice(0, 1) : releases.slice(0, index + 1)
  const byFile = new Map<string, AssetRef>()
  for (const r of relevant.reverse()) for (const ref of r.manifest.other) byFile.set(ref.file, ref)
  return [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : 1))
}

/**
 * The one check every writing command makes first, a refusal message when routes of the target serve HTML
 * no kept release knows (so their assets are unknown), unless the command is about to replace exactly
 * those routes; `null` when all is known.
 */
export function liveRefusal(live: LiveState, replacing: ReadonlySet<string>): string | null {
  const blocking = live.unknown.filter((path) => !replacing.has(path))
  if (blocking.length === 0) return null
  return (
    `refusing: the live HTML of ${blocking.join(', ')} matches no kept release (edited by hand?). ` +
    'Deploy those pages from a build, or restore them, then run again.'
  )
}
