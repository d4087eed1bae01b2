/**
 * deploy: publishes a build (or some of its pages) into a target (a directory, or an S3 bucket behind
 * a CDN). Assets first, never overwritten or deleted; then each route's HTML, each in one step. Routes
 * not picked keep their HTML byte for byte and keep their entry in the target's manifest. Then the
 * switched pages are purged from the CDN and verified at their public URL (go-live.ts).
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import { loadManifest, stringifyManifest, type AssetRef, type PagesManifest, type RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import { liveRefusal, readLiveState } from '../releases/live-state.ts'
import type { RunReport } from '../releases/run-report.ts'
import { selectRoutes } from '../select-routes.ts'
import { openStore } from '../store/open-store.ts'
import type { Store } from '../store/store.ts'
import type { Run, RunOptions } from './context.ts'
import { checkAfterSwitch, goLive, type AfterSwitch } from './go-live.ts'
import { startRun } from './locked-run.ts'
import { findInterrupted } from './recover.ts'
import { checkHealthApi, watch, type WatchOptions } from './watch.ts'
import { checkRollout, currentCanaries, ensureReleaseHtml, publishRollout } from '../rollout/write.ts'
import { asServed, conflictMessage, inspectTarget, isHashed, replacePublic, uniqueRefs, uploadAssets } from './upload.ts'

export interface DeployOptions extends RunOptions, AfterSwitch {
  /** The build output directory (with pages-manifest.json). */
  from: string
  /** The target: a directory, `s3://<bucket>/<prefix>`, or an opened store. */
  to: string | Store
  /** Route names to deploy; all routes when absent. */
  pages?: readonly string[]
  /** Follow the switched pages' new releases in the field reports and take back the worse ones (watch.ts). */
  watch?: WatchOptions
}

export interface DeployResult {
  /** What the run did after the switch (purge, verify, time): kept in its release record. */
  report?: RunReport
  /** The new release id (`null` for a dry run or when nothing changed). */
  release: string | null
  /** Assets copied (or, in a dry run, to copy). */
  copy: AssetRef[]
  /** Assets the target already had, same bytes. */
  present: AssetRef[]
  /** Files of `public/` that differ in the target: replaced by a full deploy (or, in a dry run, to replace). */
  replaced: AssetRef[]
  /** Files of `public/` that differ in the target and that a `--pages` deploy leaves as they are. */
  publicLeft: AssetRef[]
  /** Routes whose HTML was (or would be) switched. */
  switched: string[]
  /** Picked routes whose HTML was already live. */
  unchanged: string[]
  /** Live routes the build does not have (left as they are by a full deploy). */
  notInBuild: string[]
  /** Seconds the run took. */
  seconds: number
}

/** Deploys `from` into `to` (see docs/deploying.md). */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  checkAfterSwitch(options)
  const { from, pages, publicUrl, purge, verify } = options
  const after: AfterSwitch = { publicUrl, purge, verify }
  const store = await openStore(options.to)
  return startRun(store, options, async (run) => {
    const previous = await checkRollout(run)
    const result = await publish(run, from, pages, after, options.watch)
    // Last, once every page is switched (and the watch is over): the immutable HTML and rollout.json.
    if (!run.dryRun) await publishRollout(run, previous)
    return { ...result, seconds: (run.clock.now() - run.started) / 1000 }
  })
}

async function publish(
  run: Run,
  from: string,
  pages: readonly string[] | undefined,
  after: AfterSwitch,
  watching: WatchOptions | undefined,
): Promise<Omit<DeployResult, 'seconds'>> {
  const { store } = run
  const source = loadManifest(join(resolve(from), 'pages-manifest.json'))
  const pickedInBuild = pages ? selectRoutes(source, pages) : Object.values(source.routes)
  const live = await readLiveState(store, run.book)
  const refusal = liveRefusal(live, new Set(pickedInBuild.map((r) => r.path)))
  if (refusal) throw new DeliveryError(refusal)
  refuseCanaried(run, pickedInBuild, live.manifest)

  const refs = uniqueRefs([...pickedInBuild.flatMap((r) => r.assets), ...(pages ? [] : source.other)])
  const check = await inspectTarget(store, refs)
  const edited = check.conflicts.filter((c) => isHashed(c.ref.file))
  if (edited.length > 0) throw new DeliveryError(conflictMessage(edited))
  // Changed public/ files: a full deploy replaces them; a --pages deploy touches no other page's files.
  const changedPublic = check.conflicts.filter((c) => !isHashed(c.ref.file))
  const replace = pages ? [] : changedPublic.map((c) => c.ref)
  const picked = asServed(pickedInBuild, pages ? changedPublic : [])

  const switchedRoutes = picked.filter((r) => live.manifest.routes[r.path]?.html.sha256 !== r.html.sha256)
  const result: Omit<DeployResult, 'seconds'> = {
    release: null,
    copy: check.missing,
    present: check.present,
    replaced: replace,
    publicLeft: pages ? changedPublic.map((c) => c.ref) : [],
    switched: switchedRoutes.map((r) => r.path),
    unchanged: picked.filter((r) => !switchedRoutes.includes(r)).map((r) => r.path),
    notInBuild: pages ? [] : Object.keys(live.manifest.routes).filter((p) => !source.routes[p]),
  }
  // Read every source file before writing anything: a stale or edited build is refused up front.
  const assetBytes = await mapLimit(check.missing, PARALLEL, (ref) => readVerified(from, ref))
  const publicBytes = await mapLimit(replace, PARALLEL, (ref) => readVerified(from, ref))
  const htmlBytes = await mapLimit(switchedRoutes, PARALLEL, (r) => readVerified(from, r.html))
  if (run.dryRun) return result
  // A watch is never started blind: the health API must answer before anything is switched.
  if (watching) await checkHealthApi(watching)

  await uploadAssets(
    run,
    check.missing.map((ref, i) => ({ ref, bytes: assetBytes[i]! })),
  )
  await replacePublic(
    run,
    replace.map((ref, i) => ({ ref, bytes: publicBytes[i]! })),
  )
  // Before the switch, so that verify finds it and rollout.json may name it (docs/rollout.md).
  await ensureReleaseHtml(run, switchedRoutes, new Map(switchedRoutes.map((r, i) => [r.path, htmlBytes[i]!])))
  const next = nextManifest(live.manifest, picked, pages ? live.manifest.other : source.other)
  // Nothing to record when the current release already says exactly this (after a cut-short run it
  // does not, and the new release records what is really served).
  const sameRecord = live.recorded !== null && stringifyManifest(next) === stringifyManifest(live.recorded)
  // Unless a killed run left pages switched and never purged nor verified: this run finishes them.
  const carried = findInterrupted(run.book, live)
  if (switchedRoutes.length === 0 && sameRecord && carried.length === 0 && replace.length === 0) return result
  const done = await goLive(
    run,
    {
      live,
      next,
      switched: switchedRoutes.map((route, i) => ({ route, html: htmlBytes[i]! })),
      info: { kind: 'deploy', switched: result.switched, from },
      uploaded: {
        files: check.missing.length + replace.length,
        bytes: [...check.missing, ...replace].reduce((sum, a) => sum + a.size, 0),
      },
      replaced: replace.map((r) => r.file),
      carried,
    },
    after,
  )
  if (!watching || switchedRoutes.length === 0) return { ...result, ...done }
  const watched = await watch(run, { switched: switchedRoutes, before: live.manifest, next, release: done.release, ...after }, watching)
  const report = { ...done.report, watch: watched }
  await run.book.update({ ...run.book.info(done.release)!, report })
  return { ...result, release: done.release, report }
}

/**
 * A page on canary is not deployed over: its app devices would lose the canary unannounced and the
 * record would no longer say what they run. Ops promote it, abort it, or replace it with a new --canary.
 */
function refuseCanaried(run: Run, picked: readonly RouteEntry[], live: PagesManifest): void {
  const canaries = currentCanaries(run, live.routes)
  const blocked = picked
    .filter((r) => canaries[r.path])
    .map((r) => `${r.path} (release ${canaries[r.path]!.entry.release} to ${canaries[r.path]!.share} % of app devices)`)
  if (blocked.length === 0) return
  throw new DeliveryError(
    `refusing: ${blocked.join(', ')} ${blocked.length === 1 ? 'has a canary' : 'have canaries'}; --promote or --abort ${blocked.length === 1 ? 'it' : 'them'} first, or deploy a new --canary to replace ${blocked.length === 1 ? 'it' : 'them'}`,
  )
}

/** The live manifest with the picked routes replaced by the build's entries. */
function nextManifest(live: PagesManifest, picked: readonly RouteEntry[], other: AssetRef[]): PagesManifest {
  const routes = { ...live.routes }
  for (const route of picked) routes[route.path] = route
  return { version: 1, routes, other }
}

async function readVerified(dir: string, ref: { file: string; sha256: string }): Promise<Buffer> {
  const bytes = await readFile(join(dir, ref.file)).catch(() => {
    throw new DeliveryError(`${join(dir, ref.file)} is missing: the build does not match its manifest, rebuild`)
  })
  if (sha256(bytes) !== ref.sha256) {
    throw new DeliveryError(`${join(dir, ref.file)} changed after the build wrote its manifest: rebuild`)
  }
  return bytes
}
