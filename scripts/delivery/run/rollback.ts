/**
 * rollback: puts pages back to the version a kept release served. Only HTML moves: the assets of a kept
 * release are still in the target (prune never deletes them), and each one is checked before switching.
 * The restored pages are then purged and verified like a deploy's (go-live.ts).
 */
import { existsSync } from 'node:fs'
import { DeliveryError } from '../errors.ts'
import { loadManifest, type PagesManifest } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import { liveRefusal, readLiveState, type LiveState } from '../releases/live-state.ts'
import { findRelease, keptHtml } from '../releases/records.ts'
import type { RunReport } from '../releases/run-report.ts'
import { selectRoutes } from '../select-routes.ts'
import { openStore } from '../store/open-store.ts'
import type { Store } from '../store/store.ts'
import type { Run, RunOptions } from './context.ts'
import { checkAfterSwitch, goLive, type AfterSwitch } from './go-live.ts'
import { startRun } from './locked-run.ts'
import { findInterrupted } from './recover.ts'
import { asServed, inspectTarget, isHashed, uniqueRefs } from './upload.ts'
import { dropCanaries } from '../rollout/canary.ts'
import { checkRollout, currentCanaries, ensureReleaseHtml, publishRollout } from '../rollout/write.ts'

export interface RollbackOptions extends RunOptions, AfterSwitch {
  /** The target: a directory, `s3://<bucket>/<prefix>`, or an opened store. */
  to: string | Store
  /** A kept release id (or its number), or a pages manifest (file or dist dir) naming the versions to restore. */
  target: string
  /** Restore only these pages; all pages of `target` when absent. */
  pages?: readonly string[]
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
  checkAfterSwitch(options)
  const { target, pages, publicUrl, purge, verify } = options
  const store = await openStore(options.to)
  return startRun(store, options, async (run) => {
    const previous = await checkRollout(run)
    const result = await restore(run, target, pages, { publicUrl, purge, verify })
    if (!run.dryRun) await publishRollout(run, previous)
    return result
  })
}

async function restore(run: Run, target: string, pages: readonly string[] | undefined, after: AfterSwitch): Promise<RollbackResult> {
  const { store } = run
  const live = await readLiveState(store, run.book)
  const wanted = wantedManifest(store, live, target)
  const wantedRoutes = pages ? selectRoutes(wanted, pages) : Object.values(wanted.routes)
  const refusal = liveRefusal(live, new Set(wantedRoutes.map((r) => r.path)))
  if (refusal) throw new DeliveryError(refusal)
  const check = await inspectTarget(store, uniqueRefs(wantedRoutes.flatMap((r) => r.assets)))
  const picked = asServed(
    wantedRoutes,
    check.conflicts.filter((c) => !isHashed(c.ref.file)),
  )

  const toRestore = picked.filter((r) => live.manifest.routes[r.path]?.html.sha256 !== r.html.sha256)
  const sources = await mapLimit(toRestore, PARALLEL, (route) => keptHtml(store, live.releases, route))
  // A public/ file changed since (a favicon): the target's stays, as on every page.
  const gone = [...check.missing, ...check.conflicts.filter((c) => isHashed(c.ref.file)).map((c) => c.ref)]
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
  const carried = findInterrupted(run.book, live)
  if (run.dryRun) return result
  // A page rolled back loses its canary: the rollback is the word on what that page's devices run.
  const canaried = picked.map((r) => r.path).filter((p) => currentCanaries(run)[p])
  if (canaried.length > 0) await dropCanaries(run, canaried, `rollback to ${target}`)
  if (toRestore.length === 0 && carried.length === 0) return result

  await ensureReleaseHtml(run, toRestore, new Map(toRestore.map((r, i) => [r.path, sources[i]!.bytes])))
  const next: PagesManifest = { version: 1, routes: { ...live.manifest.routes }, other: live.manifest.other }
  for (const route of picked) next.routes[route.path] = route
  const done = await goLive(
    run,
    {
      live,
      next,
      switched: toRestore.map((route, i) => ({ route, html: sources[i]!.bytes })),
      info: { kind: 'rollback', switched: toRestore.map((r) => r.path), from: target },
      uploaded: { files: 0, bytes: 0 },
      carried,
    },
    after,
  )
  return { ...result, ...done }
}

function wantedManifest(store: Store, live: LiveState, target: string): PagesManifest {
  const kept = findRelease(live.releases, target)
  if (kept) return kept.manifest
  if (existsSync(target)) return loadManifest(target)
  throw new DeliveryError(`${target} is neither a kept release of ${store.name} nor a manifest (list releases with --list)`)
}
