/**
 * The first step of a deploy: check the target's copy of each file the pages load, refuse a file that
 * exists with other bytes, and upload the missing ones (never replacing an object), before any HTML moves.
 */
import type { AssetRef } from '../manifest.ts'
import { mapLimit, PARALLEL, Progress } from '../parallel.ts'
import type { Store } from '../store/store.ts'
import type { Run } from './context.ts'

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
