/**
 * `--watch <duration> --health <api>`: after the switch (and the purge and verify), follow each changed
 * page's new release against the one it replaced (the `release` of the route in the manifest before and
 * after this run) in the field reports, and take back each page whose new release is worse by the rule
 * (health/rule.ts): at a look before the end on strong evidence only (RULE.alphaEarly), at the end on
 * RULE.alpha. A page with too few views by the end is kept, and said so; so is every page when the
 * health API never answered (the run then exits 3). A page taken back is switched to the entry it had
 * before this run (a `rollback` release made by the watch) and purged. The run holds the target's lock
 * the whole time: nothing else is deployed over a release being watched. Each decision is printed as it
 * is made and kept in the release's report (`report.watch`).
 */
import { DeliveryError } from '../errors.ts'
import type { PagesManifest, RouteEntry } from '../manifest.ts'
import { fetchHealth, HealthUnavailable } from '../health/fetch-health.ts'
import { GATE_HOURS } from '../health/gate.ts'
import { countsOf } from '../health/pages.ts'
import { judge, RULE, type Counts, type Verdict } from '../health/rule.ts'
import { keptHtml } from '../releases/records.ts'
import type { WatchDecision, WatchReport } from '../releases/run-report.ts'
import { formatDuration } from '../units.ts'
import { commitRelease } from './commit.ts'
import type { Run } from './context.ts'
import { purgeUrls, runPurge } from './purge.ts'

export interface WatchOptions {
  /** The API that collects the field reports. */
  health: string
  /** How long to watch. */
  forMs: number
  /** Time between two looks (a fifth of the watch, at most a minute, when absent). */
  everyMs?: number
  /** The server's OPS_TOKEN. */
  token?: string
  minViews?: number
}

/** A page this run switched, as the watch follows it. */
interface Watched {
  route: RouteEntry
  /** Routes this run switched that show a copy of it (`/wechat` of `/`), with what they served before: taken back with it. */
  aliases: (readonly [RouteEntry, RouteEntry | null])[]
  /** What it served before this run (`null`: the page is new). */
  before: RouteEntry | null
  decision: WatchDecision | null
}

/** Checks before anything is switched that the health API answers, so a watch is never started blind. */
export async function checkHealthApi(options: WatchOptions): Promise<void> {
  try {
    await fetchHealth({ api: options.health, sinceHours: 1, ...(options.token ? { token: options.token } : {}) })
  } catch (error) {
    if (!(error instanceof HealthUnavailable)) throw error
    throw new DeliveryError(`${error.message}; nothing was deployed (fix it, or deploy without --watch)`)
  }
}

/** Which of the pages `switched` can be watched: those whose build gave them a release id. */
function watchedPages(switched: readonly RouteEntry[], before: PagesManifest): { watched: Watched[]; unwatched: WatchDecision[] } {
  const watched: Watched[] = []
  const unwatched: WatchDecision[] = []
  for (const route of switched.filter((r) => !r.aliasOf)) {
    const previous = before.routes[route.path] ?? null
    if (!route.release) {
      unwatched.push({
        route: route.path,
        release: null,
        previous: previous?.release ?? null,
        outcome: 'not watched',
        why: 'its build wrote no release id (built before release ids)',
        at: null,
      })
      continue
    }
    const aliases = switched.filter((a) => a.aliasOf === route.path).map((a) => [a, before.routes[a.path] ?? null] as const)
    watched.push({ route, aliases, before: previous, decision: null })
  }
  return { watched, unwatched }
}

/** The counts of `release` of `route` in a health reply, or none. */
function countsIn(
  releases: Awaited<ReturnType<typeof fetchHealth>>['releases'],
  route: string,
  release: string | undefined | null,
): Counts | null {
  const found = release ? releases.find((r) => r.route === route && r.release === release) : undefined
  return found ? countsOf(found.total) : null
}

/**
 * Watches the pages this run switched; takes back the worse ones. Returns the report; the caller exits 1
 * when a page was taken back, 3 when nothing could be judged.
 */
export async function watch(
  run: Run,
  {
    switched,
    before,
    next,
    release,
    purge,
    publicUrl,
  }: { switched: readonly RouteEntry[]; before: PagesManifest; next: PagesManifest; release: string; purge?: string; publicUrl?: string },
  options: WatchOptions,
): Promise<WatchReport> {
  const { clock, notice } = run
  const minViews = options.minViews ?? RULE.minViews
  const everyMs = options.everyMs ?? Math.max(1000, Math.min(60_000, Math.round(options.forMs / 5)))
  const { watched, unwatched } = watchedPages(switched, before)
  const started = clock.now()
  const ends = started + options.forMs
  let lastReply: Awaited<ReturnType<typeof fetchHealth>> | null = null
  let unreachable: string | null = null
  notice(
    `watching ${watched.map((w) => `${w.route.path} ${w.route.release}`).join(', ') || 'no page'} for ${formatDuration(options.forMs)} at ${options.health}`,
  )

  const decide = (w: Watched, verdict: Verdict, final: boolean, stale: boolean) => {
    const at = new Date(clock.now()).toISOString()
    const base = { route: w.route.path, release: w.route.release!, previous: w.before?.release ?? null, at }
    const when = stale ? ` (on the last answer of the health API, at ${lastReply?.until ?? '?'}: ${unreachable})` : ''
    if (verdict.kind === 'worse') w.decision = { ...base, outcome: 'taken back', why: `${verdict.why}${when}` }
    else if (!final) return
    else if (verdict.kind === 'fine') w.decision = { ...base, outcome: 'kept', why: `${verdict.why}${when}` }
    else w.decision = { ...base, outcome: 'kept', why: `no verdict: ${verdict.why} by the end of the watch${when}` }
    notice(`watch: ${w.route.path} ${w.route.release}: ${w.decision.outcome}: ${w.decision.why}`)
  }

  for (let look = 1; watched.some((w) => !w.decision); look++) {
    const final = clock.now() >= ends
    try {
      lastReply = await fetchHealth({ api: options.health, sinceHours: GATE_HOURS, ...(options.token ? { token: options.token } : {}) })
      unreachable = null
    } catch (error) {
      if (!(error instanceof HealthUnavailable)) throw error
      unreachable = error.message
      notice(`watch: look ${look}: ${error.message}; trying again`)
    }
    if (lastReply) {
      for (const w of watched.filter((x) => !x.decision)) {
        const now = countsIn(lastReply.releases, w.route.path, w.route.release) ?? { views: 0, error: 0, neverReady: 0 }
        const then = countsIn(lastReply.releases, w.route.path, w.before?.release)
        decide(w, judge(now, then, { minViews, alpha: final ? RULE.alpha : RULE.alphaEarly }), final, unreachable !== null)
      }
    } else if (final) {
      for (const w of watched) {
        w.decision = {
          route: w.route.path,
          release: w.route.release!,
          previous: w.before?.release ?? null,
          at: new Date(clock.now()).toISOString(),
          outcome: 'kept',
          why: `not judged: ${unreachable}`,
        }
        notice(`watch: ${w.route.path} ${w.route.release}: kept, not judged: ${unreachable}`)
      }
    }
    if (final) break
    await clock.sleep(Math.max(0, Math.min(everyMs, ends - clock.now())))
  }

  const worse = watched.filter((w) => w.decision?.outcome === 'taken back')
  const back = worse.length > 0 ? await takeBack(run, worse, next, release) : null
  let purged: WatchReport['purge'] = null
  if (back && purge !== undefined && publicUrl) {
    const urls = purgeUrls(publicUrl, back.paths)
    purged = { urls, error: await runPurge(purge, urls) }
  }
  return {
    api: options.health,
    seconds: (clock.now() - started) / 1000,
    minViews,
    decisions: [...watched.map((w) => w.decision!), ...unwatched],
    rollbackRelease: back?.release ?? null,
    rolledBack: back?.paths ?? [],
    purge: purged,
    judged: lastReply !== null,
  }
}

/** Switches the worse pages (and their copies) back to what they served before this run. */
async function takeBack(
  run: Run,
  worse: readonly Watched[],
  next: PagesManifest,
  release: string,
): Promise<{ release: string; paths: string[] }> {
  const back: PagesManifest = { ...next, routes: { ...next.routes } }
  const undo: { route: RouteEntry; html: Uint8Array | null }[] = []
  for (const w of worse) {
    for (const [route, previous] of [[w.route, w.before] as const, ...w.aliases]) {
      if (previous) {
        back.routes[route.path] = previous
        undo.push({ route: previous, html: (await keptHtml(run.store, run.book.releases, previous)).bytes })
      } else {
        // New with this run: it goes away again.
        delete back.routes[route.path]
        undo.push({ route, html: null })
      }
    }
  }
  const paths = undo.map((u) => u.route.path)
  const replaces = run.book.releases.filter((r) => r.info.id === release)
  const done = await commitRelease(
    { ...run, hooks: {} },
    { next: back, switched: undo, replaces, info: { kind: 'rollback', switched: paths, from: `watch of ${release}`, previous: release } },
  )
  return { release: done.id, paths }
}
