/**
 * The first step of a deploy: check the target's copy of each file the pages load, refuse a file that
 * exists with other bytes, and upload the missing ones (never replacing an object), before any HTML moves.
 */
import type { AssetRef, RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL, Progress } from '../parallel.ts'
import type { Store } from '../store/store.ts'
import type { Run } from './context.ts'

export interface TargetCheck {
  missing: AssetRef[]
  present: AssetRef[]
  /** Files in the target under the same name but with other bytes. */
  conflicts: { ref: AssetRef; actual: string; actualSize: number }[]
}

/**
 * Files under `assets/` are named by their bytes: one there with other bytes was edited by hand, and a
 * deploy never replaces it. The files of `public/` (favicon, share cover) keep their names and a short
 * cache (docs/deploying.md, Headers): a full deploy replaces a changed one.
 */
export const isHashed = (file: string) => file.startsWith('assets/')

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
    else check.conflicts.push({ ref, actual: actual.sha256, actualSize: actual.size })
  }
  return check
}

/** The refusal message for conflicting files. */
export function conflictMessage(conflicts: TargetCheck['conflicts']): string {
  const list = conflicts.map((c) => `  ${c.ref.file}: target has ${c.actual.slice(0, 12)}…, build has ${c.ref.sha256.slice(0, 12)}…`)
  return [
    'refusing to deploy: these files already exist in the target with different content (nothing was written):',
    ...list,
    'Files under assets/ are named by their content: the target’s copies were changed by something else than a deploy.',
  ].join('\n')
}

/** Uploads `files` (never replacing an object with other bytes), in parallel, with progress on a terminal. */
export async function uploadAssets({ store, lock }: Run, files: readonly { ref: AssetRef; bytes: Uint8Array }[]): Promise<void> {
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

/**
 * `routes` as the target serves them when some of their `public/` files differ there and are left as
 * they are (a `--pages` deploy, a rollback): those files' entries get the target's bytes, so the record
 * and verify describe what is served.
 */
export function asServed(routes: readonly RouteEntry[], differing: TargetCheck['conflicts']): RouteEntry[] {
  if (differing.length === 0) return [...routes]
  const served = new Map(differing.map((c) => [c.ref.file, { sha256: c.actual, size: c.actualSize }]))
  return routes.map((route) => ({
    ...route,
    assets: route.assets.map((a) => (served.has(a.file) ? { ...a, ...served.get(a.file)! } : a)),
  }))
}

/** Replaces changed `public/` files (never a file under assets/), each in one step. */
export async function replacePublic({ store, lock }: Run, files: readonly { ref: AssetRef; bytes: Uint8Array }[]): Promise<void> {
  for (const { ref, bytes } of files) {
    if (isHashed(ref.file)) throw new Error(`${ref.file} is named by its content: never replaced`)
    lock?.assertHeld()
    await store.put(ref.file, bytes)
  }
}
