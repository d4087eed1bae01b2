/**
 * `--watch <duration> --health <api>`: after the switch (and the purge and verify), follow each changed
 * page's new release against the one it replaced (the `release` of the route in the manifest before and
 * after this run) in the field reports, one look every `everyMs`, and take a page back AT THE LOOK that
 * judges it worse or slower (health/rule.ts), the others watched on: a page taken back is switched to the
 * entry it had before this run (a `rollback` release made by the watch), purged, and the health API told.
 * The test levels come from deployLevels: all the pages, the four figures and every look of this watch
 * together take back a healthy page in at most 1 % of deploys. A slower page is taken back too unless
 * `onSlower: 'warn'`. A page with too few views by the end is kept, and said so; so is every page when the
 * health API never answered (the run then exits 3). The run holds the target's lock the whole time:
 * nothing else is deployed over a release being watched. Each decision is printed as it is made and kept
 * in the release's report (`report.watch`).
 */
import type { HealthReply, JudgedFigures } from '../../../common/telemetry/health.ts'
import { DeliveryError } from '../errors.ts'
import type { PagesManifest, RouteEntry } from '../manifest.ts'
import { fetchHealth, HealthUnavailable } from '../health/fetch-health.ts'
import { GATE_HOURS } from '../health/gate.ts'
import { judge, type Verdict } from '../health/rule.ts'
import { keptHtml } from '../releases/records.ts'
import type { TakeBack, WatchDecision, WatchReport } from '../releases/run-report.ts'
import { terminalText } from '../terminal-text.ts'
import { formatDuration } from '../units.ts'
import { commitRelease } from './commit.ts'
import type { Run } from './context.ts'
import { purgeUrls, runPurge } from './purge.ts'
import { lookPlan, lookTimeoutOf, NO_VIEWS, outcomeOf, type WatchOptions } from './watch-looks.ts'

export { lookTimeoutOf, type WatchOptions }

/** A page this run switched, as the watch follows it. */
interface Watched {
  route: RouteEntry
  /** Routes this run switched that show a copy of it (`/wechat` of `/`), with what they served before: taken back with it. */
  aliases: (readonly [RouteEntry, RouteEntry | null])[]
  /** What it served before this run (`null`: the page is new). */
  before: RouteEntry | null
  decision: WatchDecision | null
}

/** The question each look asks (and the check before the switch). */
const ask = (options: WatchOptions) =>
  fetchHealth({
    api: options.health,
    sinceHours: GATE_HOURS,
    timeoutMs: lookTimeoutOf(options),
    ...(options.token ? { token: options.token } : {}),
  })

/**
 * Checks before anything is switched that the health API answers what the watch will ask (the last 7
 * days of every page) within a look's time, so that a watch is never started blind.
 */
export async function checkHealthApi(options: WatchOptions): Promise<void> {
  const started = Date.now()
  try {
    await ask(options)
  } catch (error) {
    if (!(error instanceof HealthUnavailable)) throw error
    throw new DeliveryError(
      `${error.message} to the question the watch asks (7 days of every page, within ${formatDuration(lookTimeoutOf(options))}, in ${formatDuration(Date.now() - started)}); nothing was deployed (fix it, or deploy without --watch)`,
    )
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

/** What the rule reads of `release` of `route` in a reply, or none. */
function judgedIn(reply: HealthReply, route: string, release: string | undefined | null): JudgedFigures | null {
  return (release ? reply.releases.find((r) => r.route === route && r.release === release)?.judged : null) ?? null
}

/**
 * Watches the pages this run switched; takes back each worse (or slower) one at the look that judges it.
 * Returns the report; the caller exits 1 when a page was taken back, 3 when nothing could be judged.
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
  const { watched, unwatched } = watchedPages(switched, before)
  const started = clock.now()
  const ends = started + options.forMs
  // Every look the watch will make, the last one at its end: the per-deploy false-alarm budget is spread over them.
  const { everyMs, looks, levels, minViews, onSlower } = lookPlan(options, watched.length)
  const takeBacks: TakeBack[] = []
  /** What is live now: the run's release, then each take-back's. */
  let current = { manifest: next, release }
  let lastReply: HealthReply | null = null
  let unreachable: string | null = null
  notice(
    terminalText(
      `watching ${watched.map((w) => `${w.route.path} ${w.route.release}`).join(', ') || 'no page'} for ${formatDuration(options.forMs)} at ${options.health}, ${looks} looks`,
    ),
  )

  const decide = async (w: Watched, verdict: Verdict, final: boolean, stale: boolean) => {
    const at = new Date(clock.now()).toISOString()
    const base = { route: w.route.path, release: w.route.release!, previous: w.before?.release ?? null, at }
    const when = stale ? ` (on the last answer of the health API, at ${lastReply?.until ?? '?'}: ${unreachable})` : ''
    const outcome = outcomeOf(verdict, { final, onSlower, when })
    if (!outcome) return
    const back = outcome.act
    w.decision = { ...base, outcome: back ? 'taken back' : 'kept', why: outcome.why }
    notice(terminalText(`watch: ${w.route.path} ${w.route.release}: ${w.decision.outcome}: ${w.decision.why}`))
    if (!back) return
    // At once: the page (and its copies) back to what it served before this run, purged, the API told.
    const done = await takeBack(run, [w], current, release, verdict.kind === 'slower' ? 'slower' : 'worse')
    current = { manifest: done.manifest, release: done.release }
    const purged = purge !== undefined && publicUrl ? await purgeAfter(purge, publicUrl, done.paths) : null
    takeBacks.push({
      release: done.release,
      paths: done.paths,
      at,
      why: verdict.kind === 'slower' ? 'slower than the release before' : 'worse than the release before',
      purge: purged,
    })
    notice(
      terminalText(
        `watch: took back ${done.paths.join(', ')} (release ${done.release})${purged ? `, purged${purged.error ? ` (FAILED: ${purged.error})` : ''}` : ''}`,
      ),
    )
  }

  for (let look = 1; watched.some((w) => !w.decision); look++) {
    const final = clock.now() >= ends
    try {
      lastReply = await ask(options)
      unreachable = null
    } catch (error) {
      if (!(error instanceof HealthUnavailable)) throw error
      unreachable = error.message
      notice(terminalText(`watch: look ${look}: ${error.message}; trying again`))
    }
    if (lastReply) {
      for (const w of watched.filter((x) => !x.decision)) {
        const now = judgedIn(lastReply, w.route.path, w.route.release) ?? NO_VIEWS
        const then = judgedIn(lastReply, w.route.path, w.before?.release)
        await decide(w, judge(now, then, { minViews, alpha: final ? levels.final : levels.interim }), final, unreachable !== null)
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
        notice(terminalText(`watch: ${w.route.path} ${w.route.release}: kept, not judged: ${unreachable}`))
      }
    }
    if (final) break
    await clock.sleep(Math.max(0, Math.min(everyMs, ends - clock.now())))
  }

  return {
    api: options.health,
    seconds: (clock.now() - started) / 1000,
    minViews,
    looks,
    levels,
    decisions: [...watched.map((w) => w.decision!), ...unwatched],
    takeBacks,
    judged: lastReply !== null,
  }
}

async function purgeAfter(purge: string, publicUrl: string, paths: readonly string[]) {
  const urls = purgeUrls(publicUrl, paths)
  return { urls, error: await runPurge(purge, urls) }
}

/** Switches the worse pages (and their copies) back to what they served before this run; tells the API. */
async function takeBack(
  run: Run,
  worse: readonly Watched[],
  current: { manifest: PagesManifest; release: string },
  deployed: string,
  why: 'worse' | 'slower',
): Promise<{ release: string; paths: string[]; manifest: PagesManifest }> {
  const back: PagesManifest = { ...current.manifest, routes: { ...current.manifest.routes } }
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
  const replaces = run.book.releases.filter((r) => r.info.id === current.release)
  // The taken-back releases first, so that the API's marks say which one went and why before the one that came back.
  try {
    await run.tell?.(
      worse.map((w) => ({
        route: w.route.path,
        release: w.route.release!,
        kind: 'taken-back' as const,
        run: `${why}: watch of ${deployed}`,
      })),
    )
  } catch (error) {
    run.notice(
      terminalText(
        `warning: the health API was not told that ${worse.map((w) => w.route.path).join(', ')} was taken back (${(error as Error).message})`,
      ),
    )
  }
  const done = await commitRelease(
    { ...run, hooks: {} },
    {
      next: back,
      switched: undo,
      replaces,
      info: { kind: 'rollback', switched: paths, from: `watch of ${deployed}`, previous: current.release },
    },
  )
  return { release: done.id, paths, manifest: back }
}
