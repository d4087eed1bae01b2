/**
 * The steps deploy and rollback share: check the target's copy of each asset, upload the missing ones,
 * then record the release and switch the HTML (last, each object in one step), then move the `current`
 * pointer and mark the releases it replaced as no longer live.
 */
import { sha256 } from './hash.ts'
import { DeliveryError, type AssetRef, type PagesManifest, type RouteEntry } from './manifest.ts'
import { mapLimit, PARALLEL, Progress } from './parallel.ts'
import { createRelease, setCurrent, writeReleaseInfo, type Release, type ReleaseInfo } from './releases.ts'
import type { Store } from './store.ts'
import type { HeldLock } from './target-lock.ts'

/** Observation points for callers and tests (a throw here interrupts the run at that point). */
export interface DeliveryHooks {
  /** Called before each route's HTML is switched. */
  beforeHtml?: (route: RouteEntry) => void | Promise<void>
  /** Called after each route's HTML is switched (before `current` moves). */
  afterHtml?: (route: RouteEntry) => void | Promise<void>
}

/** An error in the middle of the HTML switch, with the routes switched before it. */
export class CutShort extends Error {
  constructor(
    override readonly cause: unknown,
    readonly switched: string[],
    readonly notSwitched: string[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

export interface TargetCheck {
  missing: AssetRef[]
  present: AssetRef[]
  /** Files in the target under the same name but with other bytes. */
  conflicts: { ref: AssetRef; actual: string }[]
}

/** Unique files of `refs` by name. */
export function uniqueRefs(refs: Iterable<AssetRef>): AssetRef[] {
  const byFile = new Map<string, AssetRef>()
  for (const ref of refs) if (!byFile.has(ref.file)) byFile.set(ref.file, { file: ref.file, sha256: ref.sha256, size: ref.size })
  return [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : 1))
}

/** Reads the sha256 of the target's copy of each file in `refs`. */
export async function inspectTarget(store: Store, refs: readonly AssetRef[]): Promise<TargetCheck> {
  const check: TargetCheck = { missing: [], present: [], conflicts: [] }
  const stored = await mapLimit(refs, PARALLEL, (ref) => store.stat(ref.file))
  for (const [i, ref] of refs.entries()) {
    const actual = stored[i]
    if (!actual) check.missing.push(ref)
    else if (actual.sha256 === ref.sha256) check.present.push(ref)
    else check.conflicts.push({ ref, actual: actual.sha256 })
  }
  return check
}

/** The refusal message for conflicting files. */
export function conflictMessage(conflicts: TargetCheck['conflicts']): string {
  const list = conflicts.map((c) => `  ${c.ref.file}: target has ${c.actual.slice(0, 12)}…, build has ${c.ref.sha256.slice(0, 12)}…`)
  return [
    'refusing to deploy: these files already exist in the target with different content (nothing was written):',
    ...list,
    'Files outside assets/ (from public/) carry no hash in their name: give a changed one a new name.',
  ].join('\n')
}

/** Uploads `files` (never replacing an object with other bytes), in parallel, with progress on a terminal. */
export async function uploadAssets(
  store: Store,
  files: readonly { ref: AssetRef; bytes: Uint8Array }[],
  lock: HeldLock | undefined,
): Promise<void> {
  const progress = new Progress(
    'Uploading',
    files.length,
    files.reduce((sum, f) => sum + f.ref.size, 0),
  )
  await mapLimit(files, PARALLEL, async ({ ref, bytes }) => {
    lock?.assertHeld()
    await store.putNew(ref.file, bytes)
    progress.add(ref.size)
  })
  progress.done()
}

export interface CommitInput {
  store: Store
  /** The manifest of every route after this release. */
  next: PagesManifest
  /** The routes whose HTML changes, with their new bytes (`null`: the route goes away). */
  switched: { route: RouteEntry; html: Uint8Array | null }[]
  /** The releases kept in the target (to mark the replaced ones no longer live). */
  releases: readonly Release[]
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>
  hooks?: DeliveryHooks
  lock?: HeldLock
}

/**
 * Records the release (with a copy of every route's HTML), then switches the HTML of the changed routes,
 * then points `current` at the release. The release is written first so that, if the switch is cut
 * short, the next run still knows which assets the half-switched routes load.
 */
export async function commitRelease({ store, next, switched, releases, info, hooks, lock }: CommitInput): Promise<ReleaseInfo> {
  const newBytes = new Map(switched.map((s) => [s.route.path, s.html]))
  const routes = Object.values(next.routes)
  const html = await mapLimit(routes, PARALLEL, async (route) => {
    const bytes = newBytes.get(route.path) ?? (await store.get(route.html.file))
    if (!bytes || sha256(bytes) !== route.html.sha256) {
      throw new DeliveryError(`${route.html.file} changed while deploying; nothing was switched, run again`)
    }
    return [route.html.file, bytes] as const
  })
  lock?.assertHeld()
  const release = await createRelease(store, info, next, new Map(html))
  const done: string[] = []
  try {
    for (const { route, html: bytes } of switched) {
      lock?.assertHeld()
      await hooks?.beforeHtml?.(route)
      if (bytes) await store.put(route.html.file, bytes)
      else await store.delete(route.html.file)
      done.push(route.path)
      await hooks?.afterHtml?.(route)
    }
  } catch (error) {
    throw new CutShort(
      error,
      done,
      switched.map((s) => s.route.path).filter((p) => !done.includes(p)),
    )
  }
  await setCurrent(store, release.id)
  // Every earlier release is now replaced: its assets stop being live here (prune's grace period).
  const liveUntil = new Date().toISOString()
  await mapLimit(
    releases.filter((r) => r.info.liveUntil === undefined),
    PARALLEL,
    (r) => writeReleaseInfo(store, { ...r.info, liveUntil }),
  )
  return release
}
