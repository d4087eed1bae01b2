/**
 * rollback: puts pages back to the version a kept release served. Only HTML moves: the assets of a kept
 * release are still in the target (prune never deletes them), and each one is checked before switching.
 * The restored pages are then purged and verified like a deploy's (go-live.ts).
 */
import { existsSync } from 'node:fs'
import { checkGoLiveOptions, goLive, type GoLiveOptions } from './go-live.ts'
import { liveRefusal } from './live-check.ts'
import { readLiveState, type LiveState } from './live-state.ts'
import { DeliveryError, loadManifest, type PagesManifest } from './manifest.ts'
import { mapLimit, PARALLEL } from './parallel.ts'
import { inspectTarget, uniqueRefs, type DeliveryHooks } from './publish.ts'
import { findRelease, keptHtml } from './releases.ts'
import type { RunReport } from './run-report.ts'
import { selectRoutes } from './select-routes.ts'
import { openStore, type Store } from './store.ts'
import { withLock, type HeldLock } from './target-lock.ts'

export interface RollbackOptions extends GoLiveOptions {
  /** The target: a directory, `s3://<bucket>/<prefix>`, or an opened store. */
  to: string | Store
  /** A kept release id (or its number), or a pages manifest (file or dist dir) naming the versions to restore. */
  target: string
  /** Restore only these pages; all pages of `target` when absent. */
  pages?: readonly string[]
  dryRun?: boolean
  hooks?: DeliveryHooks
}

export interface RollbackResult {
  /** What the run did after the switch (purge, verify, time): kept in its release record. */
  report?: RunReport
  release: string | null
  /** Routes whose HTML was (or would be) restored, each with the kept release it came from. */
  restored: { path: string; from: string }[]
  /** Routes already serving the wanted version. */
  unchanged: string[]
}

/** Restores pages' HTML from kept releases (see docs/deploying.md). */
export async function rollback(options: RollbackOptions): Promise<RollbackResult> {
  checkGoLiveOptions(options)
  const opened = { ...options, started: options.started ?? Date.now() }
  const store = await openStore(options.to)
  return options.dryRun ? run(store, opened, undefined) : withLock(store, (lock) => run(store, opened, lock))
}

async function run(store: Store, options: RollbackOptions, lock: HeldLock | undefined): Promise<RollbackResult> {
  const { target, pages, dryRun, hooks } = options
  const live = await readLiveState(store)
  const wanted = wantedManifest(store, live, target)
  const picked = pages ? selectRoutes(wanted, pages) : Object.values(wanted.routes)
  const refusal = liveRefusal(live, new Set(picked.map((r) => r.path)))
  if (refusal) throw new DeliveryError(refusal)

  const toRestore = picked.filter((r) => live.manifest.routes[r.path]?.html.sha256 !== r.html.sha256)
  const sources = await mapLimit(toRestore, PARALLEL, (route) => keptHtml(store, live.releases, route))
  const check = await inspectTarget(store, uniqueRefs(picked.flatMap((r) => r.assets)))
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
  const done = await goLive({
    store,
    live,
    next,
    switched: toRestore.map((route, i) => ({ route, html: sources[i]!.bytes })),
    info: { kind: 'rollback', switched: toRestore.map((r) => r.path), from: target },
    uploaded: { files: 0, bytes: 0 },
    options,
    ...(hooks ? { hooks } : {}),
    ...(lock ? { lock } : {}),
  })
  return { ...result, ...done }
}

function wantedManifest(store: Store, live: LiveState, target: string): PagesManifest {
  const kept = findRelease(live.releases, target)
  if (kept) return kept.manifest
  if (existsSync(target)) return loadManifest(target)
  throw new DeliveryError(`${target} is neither a kept release of ${store.name} nor a manifest (list releases with --list)`)
}
