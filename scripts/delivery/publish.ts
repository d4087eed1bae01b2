/**
 * The steps deploy and rollback share: check the target's copy of each asset, then record the release
 * and switch the HTML (last, each file atomically), then move the `current` pointer.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './fs-atomic.ts'
import { hashFile, sha256 } from './hash.ts'
import { DeliveryError, type AssetRef, type PagesManifest, type RouteEntry } from './manifest.ts'
import { createRelease, setCurrent, type ReleaseInfo } from './releases.ts'

/** Observation points for callers and tests (a throw here interrupts the run at that point). */
export interface DeliveryHooks {
  /** Called before each route's HTML is switched. */
  beforeHtml?: (route: RouteEntry) => void | Promise<void>
  /** Called after each route's HTML is switched (before `current` moves). */
  afterHtml?: (route: RouteEntry) => void | Promise<void>
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

/** Hashes the target's copy of each file in `refs`. */
export async function inspectTarget(to: string, refs: readonly AssetRef[]): Promise<TargetCheck> {
  const check: TargetCheck = { missing: [], present: [], conflicts: [] }
  for (const ref of refs) {
    const actual = await hashFile(join(to, ref.file))
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

export interface CommitInput {
  to: string
  /** The manifest of every route after this release. */
  next: PagesManifest
  /** The routes whose HTML changes, with their new bytes. */
  switched: { route: RouteEntry; html: Uint8Array }[]
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>
  hooks?: DeliveryHooks
}

/**
 * Records the release (with a copy of every route's HTML), then switches the HTML of the changed routes,
 * then points `current` at the release. The release is written first so that, if the switch is cut
 * short, the next run still knows which assets the half-switched routes load.
 */
export async function commitRelease({ to, next, switched, info, hooks }: CommitInput): Promise<ReleaseInfo> {
  const html = new Map<string, Uint8Array>()
  const newBytes = new Map(switched.map((s) => [s.route.path, s.html]))
  for (const route of Object.values(next.routes)) {
    const bytes = newBytes.get(route.path) ?? (await readFile(join(to, route.html.file)))
    if (sha256(bytes) !== route.html.sha256) {
      throw new DeliveryError(`${route.html.file} changed while deploying; nothing was switched, run again`)
    }
    html.set(route.html.file, bytes)
  }
  const release = await createRelease(to, info, next, html)
  for (const { route, html: bytes } of switched) {
    await hooks?.beforeHtml?.(route)
    await writeFileAtomic(join(to, route.html.file), bytes)
    await hooks?.afterHtml?.(route)
  }
  await setCurrent(to, release.id)
  return release
}
