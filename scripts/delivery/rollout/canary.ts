/**
 * Staged rollouts for the app (docs/deploying.md "Staged rollouts for the app", docs/rollout.md):
 * - `--canary <share> --pages a,b`: the build's release of those pages goes to that share of app devices.
 *   Its assets and its immutable HTML are uploaded; the route's own HTML and the manifest's live entry stay
 *   as they are, so browsers and WeChat keep the stable release. The canary is kept in the current
 *   release's record and named in rollout.json.
 * - `--promote`: each canary becomes the route's release for everyone, switched like a deploy of that page
 *   (go-live.ts: record, switch, purge, verify).
 * - `--abort`: the canaries leave rollout.json; nothing else moves.
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ReleaseEvent } from '../../../common/telemetry/health.ts'
import { releaseHtmlPath, ROLLOUT_FILE } from '../../../common/rollout/document.ts'
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import { loadManifest, type AssetRef, type PagesManifest, type RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import { liveRefusal, readLiveState } from '../releases/live-state.ts'
import type { CanaryRecord } from '../releases/records.ts'
import type { RunReport } from '../releases/run-report.ts'
import { selectRoutes } from '../select-routes.ts'
import { openStore } from '../store/open-store.ts'
import type { Store } from '../store/store.ts'
import type { Run, RunOptions } from '../run/context.ts'
import { checkAfterSwitch, goLive, type AfterSwitch } from '../run/go-live.ts'
import { runPurge } from '../run/purge.ts'
import { verifyPages } from '../run/verify.ts'
import { startRun } from '../run/locked-run.ts'
import { findInterrupted } from '../run/recover.ts'
import { checkHealthApi, type WatchOptions } from '../run/watch.ts'
import { watchCanary } from '../run/watch-canary.ts'
import type { WatchReport } from '../releases/run-report.ts'
import { asServed, conflictMessage, inspectTarget, isHashed, uniqueRefs, uploadAssets } from '../run/upload.ts'
import { PACKAGE_MIN_APP_VERSION } from './min-app-version.ts'
import { checkRollout, currentCanaries, ensureReleaseHtml, publishRollout } from './write.ts'

export interface CanaryOptions extends RunOptions, AfterSwitch {
  from: string
  to: string | Store
  /** The pages to put on canary (with the routes that show a copy of them). */
  pages: readonly string[]
  /** Share of app devices, 1–100 %. */
  share: number
  /** Then watch each canary against its stable release in the same window and abort a worse one (watch-canary.ts). */
  watch?: WatchOptions
}

/** One canary as a run leaves it. */
export interface CanaryLine {
  path: string
  release: string
  share: number
  /** The route's stable release (what browsers and the other app devices get). */
  stable: string
  /** The canary release this one replaced, if any. */
  replaced?: string
}

export interface CanaryResult {
  canaries: CanaryLine[]
  /** Assets copied (or, in a dry run, to copy). */
  copy: AssetRef[]
  present: AssetRef[]
  /** The rollout document's serial after the run (`null` in a dry run). */
  serial: number | null
  /** When the canary started (ms): where the watch's window opens. */
  startedAt: number
  seconds: number
  /** The canary watch's report, when one ran. */
  watch?: WatchReport
}

/** Checks a share given on the command line or by a caller: a whole 1–100. */
export function checkShare(share: number): void {
  if (!Number.isInteger(share) || share < 1 || share > 100)
    throw new DeliveryError(`--canary ${share}: give a whole percentage of app devices, 1 to 100`)
}

/** Puts the build's release of `pages` on `share` % of app devices (see the file's comment). */
export async function deployCanary(options: CanaryOptions): Promise<CanaryResult> {
  checkShare(options.share)
  checkAfterSwitch(options)
  if (!options.rollout) {
    throw new DeliveryError(
      'a canary needs the rollout signing key: set ROLLOUT_SIGNING_KEY or ROLLOUT_SIGNING_KEY_FILE (docs/rollout.md "Keys")',
    )
  }
  const store = await openStore(options.to)
  return startRun(store, options, async (run) => {
    const previous = await checkRollout(run)
    const startedAt = run.clock.now()
    const source = loadManifest(join(resolve(options.from), 'pages-manifest.json'))
    const live = await readLiveState(store, run.book)
    const pickedInBuild = selectRoutes(source, options.pages)
    const refusal = liveRefusal(live, new Set())
    if (refusal) throw new DeliveryError(refusal)
    for (const r of pickedInBuild) {
      const stable = live.manifest.routes[r.path]
      if (!stable) throw new DeliveryError(`${r.path} is not live: a canary runs beside a stable release, so deploy the page first`)
      if (!r.release || !stable.release)
        throw new DeliveryError(`${r.path} has no release id (a build older than release ids): rebuild, and deploy it once`)
      if (r.release === stable.release)
        throw new DeliveryError(`${r.path} already serves release ${r.release} to everyone: nothing to put on canary`)
    }
    const check = await inspectTarget(store, uniqueRefs(pickedInBuild.flatMap((r) => r.assets)))
    const edited = check.conflicts.filter((c) => isHashed(c.ref.file))
    if (edited.length > 0) throw new DeliveryError(conflictMessage(edited))
    // A changed public/ file stays as the target has it, as with any --pages deploy: the package names those bytes.
    const picked = asServed(
      pickedInBuild,
      check.conflicts.filter((c) => !isHashed(c.ref.file)),
    )
    const assetBytes = await mapLimit(check.missing, PARALLEL, (ref) => readVerified(options.from, ref))
    const htmlBytes = await mapLimit(pickedInBuild, PARALLEL, (r) => readVerified(options.from, r.html))
    const before = currentCanaries(run, live.manifest.routes)
    const lines: CanaryLine[] = picked.map((r) => ({
      path: r.path,
      release: r.release!,
      share: options.share,
      stable: live.manifest.routes[r.path]!.release!,
      ...(before[r.path] && before[r.path]!.entry.release !== r.release ? { replaced: before[r.path]!.entry.release! } : {}),
    }))
    const result = { canaries: lines, copy: check.missing, present: check.present, serial: null, startedAt }
    if (run.dryRun) return { ...result, seconds: (run.clock.now() - run.started) / 1000 }
    // A watch is never started blind: the health API must answer before anything is written.
    if (options.watch) await checkHealthApi(options.watch)

    await uploadAssets(
      run,
      check.missing.map((ref, i) => ({ ref, bytes: assetBytes[i]! })),
    )
    const known = new Map(picked.map((r, i) => [r.path, htmlBytes[i]!]))
    const since = new Date(startedAt).toISOString()
    const minAppVersion = run.rollout!.minAppVersion ?? PACKAGE_MIN_APP_VERSION
    const added: Record<string, CanaryRecord> = Object.fromEntries(
      picked.map((entry) => [entry.path, { entry, share: options.share, since, minAppVersion }]),
    )
    // The record names the canary before the document does: a run killed in between leaves a canary that
    // the next run's document names (its files are all uploaded by then), never one no record knows.
    await setCanaries(run, { ...before, ...added }, [...Object.values(added).map((c) => c.entry)], known)
    if (options.verify) {
      // What the app will download, as the CDN serves it, before any device is told of it.
      const outcome = await verifyPages(options.publicUrl!, picked, { canary: true })
      if (outcome.failures.length > 0) {
        await setCanaries(run, before)
        const why = outcome.failures.map((f) => `  ${f.path}: ${f.url} ${f.problem}`)
        throw new DeliveryError(
          `verify failed at ${options.publicUrl}: the canary was not published (rollout.json unchanged, no app device gets it)\n${why.join('\n')}`,
        )
      }
      for (const warning of outcome.warnings) run.notice(`warning: ${warning}`)
    }
    // Pages only: a copy like /wechat reports as its page (as commit.ts tells).
    const told = lines.filter((l) => source.routes[l.path]?.aliasOf === undefined)
    await tellCanaries(run, [
      ...told.filter((l) => l.replaced).map((l) => ({ route: l.path, release: l.replaced!, kind: 'aborted' as const })),
      ...told.map((l) => ({ route: l.path, release: l.release, kind: 'canary' as const })),
    ])
    const written = await publishRollout(run, previous, known)
    await purgeRollout(run, options)
    const watched = options.watch
      ? await watchCanary(
          run,
          {
            canaries: picked
              .filter((r) => r.aliasOf === undefined)
              .map((route) => ({ route, stable: live.manifest.routes[route.path]!.release!, canary: route.release! })),
            startedAt,
          },
          options.watch,
          // The aborts share this run's lock; each rewrites rollout.json (serial + 1).
          async (routes, why) => {
            await abortCanaries(run, routes, why)
            await purgeRollout(run, options)
          },
        )
      : undefined
    // The document as the run left it (a watch's abort rewrote it).
    const serial = watched?.canary?.aborted.length ? ((await checkRollout(run))?.serial ?? null) : (written?.doc.serial ?? null)
    return { ...result, serial, seconds: (run.clock.now() - run.started) / 1000, ...(watched ? { watch: watched } : {}) }
  })
}

export interface PromoteOptions extends RunOptions, AfterSwitch {
  to: string | Store
  /** Promote only these pages' canaries; every canary when absent. */
  pages?: readonly string[]
}

export interface PromoteResult {
  /** The release record of the switch (`null` in a dry run). */
  release: string | null
  promoted: CanaryLine[]
  report?: RunReport
  serial: number | null
  seconds: number
}

/** Makes each canary (of `pages`) its route's release for everyone, as a deploy of that page would. */
export async function promote(options: PromoteOptions): Promise<PromoteResult> {
  checkAfterSwitch(options)
  const store = await openStore(options.to)
  const after: AfterSwitch = { publicUrl: options.publicUrl, purge: options.purge, verify: options.verify }
  return startRun(store, options, async (run) => {
    const previous = await checkRollout(run)
    const live = await readLiveState(store, run.book)
    // Unfiltered: a promote a killed run got as far as the switch is finished by promoting it again.
    const chosen = chooseCanaries(run, null, options.pages, 'promote')
    const refusal = liveRefusal(live, new Set(chosen.map((c) => c.entry.path)))
    if (refusal) throw new DeliveryError(refusal)
    const promoted: CanaryLine[] = chosen.map((c) => ({
      path: c.entry.path,
      release: c.entry.release!,
      share: c.share,
      stable: live.manifest.routes[c.entry.path]?.release ?? '-',
    }))
    const check = await inspectTarget(store, uniqueRefs(chosen.flatMap((c) => c.entry.assets)))
    const gone = [...check.missing, ...check.conflicts.map((c) => c.ref)]
    if (gone.length > 0)
      throw new DeliveryError(
        `cannot promote: ${gone.length} file(s) of the canary are not in the target as deployed (${gone[0]!.file}, …); --abort it and deploy the page again`,
      )
    const html = await mapLimit(chosen, PARALLEL, async ({ entry }) => {
      const key = releaseHtmlPath(entry.name, entry.release!)
      const bytes = await store.get(key)
      if (!bytes || sha256(bytes) !== entry.html.sha256)
        throw new DeliveryError(`cannot promote ${entry.path}: ${key} is missing or changed; --abort the canary and deploy the page again`)
      return bytes
    })
    if (run.dryRun) return { release: null, promoted, serial: null, seconds: (run.clock.now() - run.started) / 1000 }

    const next: PagesManifest = { version: 1, routes: { ...live.manifest.routes }, other: live.manifest.other }
    for (const c of chosen) next.routes[c.entry.path] = c.entry
    const switched = chosen
      .map((c, i) => ({ route: c.entry, html: html[i]! }))
      .filter((s) => live.manifest.routes[s.route.path]?.html.sha256 !== s.route.html.sha256)
    const rest = Object.fromEntries(
      Object.entries(currentCanaries(run, live.manifest.routes)).filter(([path]) => !chosen.some((c) => c.entry.path === path)),
    )
    const done = await goLive(
      run,
      {
        live,
        next,
        switched,
        info: {
          kind: 'deploy',
          switched: switched.map((s) => s.route.path),
          from: `promote of ${promoted.map((p) => `${p.path} ${p.release}`).join(', ')}`,
          canaries: rest,
        },
        uploaded: { files: 0, bytes: 0 },
        carried: findInterrupted(run.book, live),
      },
      after,
    )
    const written = await publishRollout(run, previous)
    await purgeRollout(run, after)
    return {
      release: done.release,
      promoted,
      report: done.report,
      serial: written?.doc.serial ?? null,
      seconds: (run.clock.now() - run.started) / 1000,
    }
  })
}

export interface AbortOptions extends RunOptions, Pick<AfterSwitch, 'publicUrl' | 'purge'> {
  to: string | Store
  /** Abort only these pages' canaries; every canary when absent. */
  pages?: readonly string[]
  /** Why (kept in the record, told to the health API's event). */
  why?: string
}

export interface AbortResult {
  aborted: CanaryLine[]
  serial: number | null
  seconds: number
}

/** Takes canaries away (`--abort`): rollout.json only; the routes' HTML never moved. */
export async function abort(options: AbortOptions): Promise<AbortResult> {
  checkAfterSwitch(options)
  const store = await openStore(options.to)
  return startRun(store, options, async (run) => {
    const previous = await checkRollout(run)
    const live = await readLiveState(store, run.book)
    const chosen = chooseCanaries(run, live.manifest, options.pages, 'abort')
    const aborted = chosen.map((c) => ({
      path: c.entry.path,
      release: c.entry.release!,
      share: c.share,
      stable: live.manifest.routes[c.entry.path]?.release ?? '-',
    }))
    if (run.dryRun) return { aborted, serial: null, seconds: (run.clock.now() - run.started) / 1000 }
    await dropCanaries(
      run,
      chosen.map((c) => c.entry.path),
      options.why ?? 'aborted by hand',
    )
    const written = await publishRollout(run, previous)
    await purgeRollout(run, options)
    return { aborted, serial: written?.doc.serial ?? null, seconds: (run.clock.now() - run.started) / 1000 }
  })
}

/**
 * Takes the canaries of `routes` (paths) away within a run that holds the lock (the canary watch calls
 * this at the look that judges a canary worse): the record first, then rollout.json. Routes with no
 * canary are passed over.
 */
export async function abortCanaries(run: Run, routes: readonly string[], why: string): Promise<void> {
  const previous = await checkRollout(run)
  await dropCanaries(run, routes, why)
  await publishRollout(run, previous)
}

/**
 * With `--purge`, has the CDN drop its copy of rollout.json (cached 60 s), so that app devices see the
 * change at their next refresh. A failure is said, never fatal: the document is written, and the cache ends
 * within a minute anyway.
 */
async function purgeRollout(run: Run, { publicUrl, purge }: Pick<AfterSwitch, 'publicUrl' | 'purge'>): Promise<void> {
  if (purge === undefined || run.dryRun) return
  const url = new URL(ROLLOUT_FILE, `${publicUrl!.replace(/\/+$/, '')}/`).href
  const error = await runPurge(purge, [url])
  if (error)
    run.notice(`warning: ${error}: app devices may see the change to rollout.json up to 60 s late (its cache); purge ${url} by hand`)
}

/** Removes the canaries of `routes` from the current record and tells the health API (`aborted`). */
export async function dropCanaries(run: Run, routes: readonly string[], why: string): Promise<CanaryRecord[]> {
  const now = currentCanaries(run)
  const dropped = routes.flatMap((path) => (now[path] ? [now[path]!] : []))
  if (dropped.length === 0) return []
  const rest = Object.fromEntries(Object.entries(now).filter(([path]) => !routes.includes(path)))
  await setCanaries(run, rest)
  run.notice(`took the canary of ${dropped.map((c) => `${c.entry.path} (release ${c.entry.release})`).join(', ')} away: ${why}`)
  await tellCanaries(
    run,
    dropped
      .filter((c) => c.entry.aliasOf === undefined)
      .map((c) => ({ route: c.entry.path, release: c.entry.release!, kind: 'aborted' as const })),
  )
  return dropped
}

/** The current record's canaries that `pages` name (all when absent); refuses when there are none. */
function chooseCanaries(run: Run, live: PagesManifest | null, pages: readonly string[] | undefined, verb: string): CanaryRecord[] {
  const all = Object.values(currentCanaries(run, live?.routes))
  if (all.length === 0) throw new DeliveryError(`--${verb}: ${run.store.name} has no canary`)
  if (!pages) return all
  const manifest: PagesManifest = { version: 1, routes: Object.fromEntries(all.map((c) => [c.entry.path, c.entry])), other: [] }
  // The page names --pages takes, among the routes on canary; a page with none is named.
  const wanted = pages.map((p) => p.trim().replace(/^\/+|\/+$/g, '')).filter(Boolean)
  const missing = wanted.filter((n) => !all.some((c) => c.entry.name === n || c.entry.path === `/${n}`))
  if (missing.length > 0)
    throw new DeliveryError(`--${verb}: no canary for ${missing.join(', ')} (on canary: ${all.map((c) => c.entry.path).join(', ')})`)
  const picked = new Set(selectRoutes(manifest, wanted).map((r) => r.path))
  return all.filter((c) => picked.has(c.entry.path))
}

/** Writes `canaries` into the current release's record (the HTML of new ones first, so it names only what exists). */
async function setCanaries(
  run: Run,
  canaries: Record<string, CanaryRecord>,
  entries: readonly RouteEntry[] = [],
  known: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<void> {
  const { book } = run
  const info = book.current ? book.info(book.current) : null
  if (!info) throw new DeliveryError(`${run.store.name} has no current release to keep a canary in: deploy the pages first`)
  if (entries.length > 0) await ensureReleaseHtml(run, entries, known)
  run.lock?.assertHeld()
  const { canaries: _, ...rest } = info
  await book.update(Object.keys(canaries).length > 0 ? { ...rest, canaries } : rest)
}

/** Tells the health API of canaries given and taken away; a failure is said, never fatal (as commit.ts does). */
async function tellCanaries(run: Run, events: Omit<ReleaseEvent, 'at' | 'run'>[]): Promise<void> {
  if (!run.tell || events.length === 0) return
  const runId = run.book.current ?? 'canary'
  try {
    await run.tell(events.map((e) => ({ ...e, run: runId })))
  } catch (error) {
    run.notice(
      `warning: the health API was not told of ${events.map((e) => `${e.kind} ${e.route} ${e.release}`).join(', ')} (${(error as Error).message}): a canary's reports are not counted until it is told`,
    )
  }
}

async function readVerified(dir: string, ref: { file: string; sha256: string }): Promise<Buffer> {
  const bytes = await readFile(join(dir, ref.file)).catch(() => {
    throw new DeliveryError(`${join(dir, ref.file)} is missing: the build does not match its manifest, rebuild`)
  })
  if (sha256(bytes) !== ref.sha256) throw new DeliveryError(`${join(dir, ref.file)} changed after the build wrote its manifest: rebuild`)
  return bytes
}
