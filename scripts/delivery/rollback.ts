/**
 * rollback: puts pages back to the version a kept release served. Only HTML moves: the assets of a kept
 * release are still in the target (prune never deletes them), and each one is checked before switching.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { sha256 } from './hash.ts'
import { liveRefusal } from './live-check.ts'
import { readLiveState, type LiveState } from './live-state.ts'
import { DeliveryError, loadManifest, type PagesManifest, type RouteEntry } from './manifest.ts'
import { commitRelease, inspectTarget, uniqueRefs, type DeliveryHooks } from './publish.ts'
import { findRelease, readReleaseManifest, releaseHtmlPath } from './releases.ts'
import { withLock } from './target-lock.ts'
import { selectRoutes } from './select-routes.ts'

export interface RollbackOptions {
  to: string
  /** A kept release id (or its number), or a pages manifest (file or dist dir) naming the versions to restore. */
  target: string
  /** Restore only these pages; all pages of `target` when absent. */
  pages?: readonly string[]
  dryRun?: boolean
  hooks?: DeliveryHooks
}

export interface RollbackResult {
  release: string | null
  /** Routes whose HTML was (or would be) restored, each with the kept release it came from. */
  restored: { path: string; from: string }[]
  /** Routes already serving the wanted version. */
  unchanged: string[]
}

/** Restores pages' HTML from kept releases (see README "Deploying one page at a time"). */
export async function rollback(options: RollbackOptions): Promise<RollbackResult> {
  return options.dryRun ? run(options) : withLock(options.to, () => run(options))
}

async function run({ to, target, pages, dryRun, hooks }: RollbackOptions): Promise<RollbackResult> {
  const live = await readLiveState(to)
  const wanted = wantedManifest(to, target)
  const picked = pages ? selectRoutes(wanted, pages) : Object.values(wanted.routes)
  const refusal = liveRefusal(live, new Set(picked.map((r) => r.path)))
  if (refusal) throw new DeliveryError(refusal)

  const toRestore = picked.filter((r) => live.manifest.routes[r.path]?.html.sha256 !== r.html.sha256)
  const sources = await Promise.all(toRestore.map((route) => keptHtml(to, live, route)))
  const check = await inspectTarget(to, uniqueRefs(picked.flatMap((r) => r.assets)))
  const gone = [...check.missing, ...check.conflicts.map((c) => c.ref)]
  if (gone.length > 0) {
    throw new DeliveryError(
      `cannot roll back: ${gone.length} asset(s) of that version are no longer in the target (${gone[0]!.file}, …); deploy it from a build instead`,
    )
  }
  const result: RollbackResult = {
    release: null,
    restored: toRestore.map((r, i) => ({ path: r.path, from: sources[i]!.release })),
    unchanged: picked.filter((r) => !toRestore.includes(r)).map((r) => r.path),
  }
  if (dryRun || toRestore.length === 0) return result

  const next: PagesManifest = { version: 1, routes: { ...live.manifest.routes }, other: live.manifest.other }
  for (const route of picked) next.routes[route.path] = route
  const release = await commitRelease({
    to,
    next,
    switched: toRestore.map((route, i) => ({ route, html: sources[i]!.bytes })),
    info: { kind: 'rollback', switched: toRestore.map((r) => r.path), from: target },
    ...(hooks ? { hooks } : {}),
  })
  return { ...result, release: release.id }
}

function wantedManifest(to: string, target: string): PagesManifest {
  const id = findRelease(to, target)
  if (id) return readReleaseManifest(to, id)
  if (existsSync(target)) return loadManifest(target)
  throw new DeliveryError(`${target} is neither a kept release of ${to} nor a manifest (list releases with --list)`)
}

/** The HTML bytes of `route` from the newest kept release that has exactly that version. */
async function keptHtml(to: string, live: LiveState, route: RouteEntry): Promise<{ release: string; bytes: Buffer }> {
  for (const { info, manifest } of live.releases) {
    if (manifest.routes[route.path]?.html.sha256 !== route.html.sha256) continue
    const bytes = await readFile(releaseHtmlPath(to, info.id, route.html.file)).catch(() => null)
    if (bytes && sha256(bytes) === route.html.sha256) return { release: info.id, bytes }
  }
  throw new DeliveryError(
    `no kept release has ${route.path} at that version (${route.html.sha256.slice(0, 12)}…); deploy it from a build instead`,
  )
}
