/**
 * The canary watch (`--canary <share> --watch <time> --health <api>`, docs/deploying.md "Canaries"): while a
 * page's new release is on a share of app devices, compare, at each look, the canary release's app views of
 * cohort `canary` with the stable release's app views of cohort `stable` IN THE SAME WINDOW (both from the
 * canary's start, `startedAt`: concurrent cohorts, not before and after, so the hour of the day, the
 * audience and the network are the same on both sides), with the rule and the false-alarm budget of the
 * deploy's watch (health/rule.ts `judge`, `deployLevels`, shared through watch-looks.ts). A canary judged
 * worse (or slower, unless `onSlower: 'warn'`) is aborted AT THAT LOOK through `abort` (rollout.json only:
 * browsers never had it); the others are watched on. A canary with too few views by the end is kept, and
 * said so. The figures are the server's `byCohortJudged` (GET /ops/release-health `from=`), read from its
 * per-minute rollup by source: sources that stand out (a forger's few addresses) are set aside there, and a
 * rise must hold without the three sources with the most bad views. Each decision is printed as it is made
 * and kept in the report.
 */
import { COHORT_FROM_HOURS, type HealthReply, type JudgedFigures } from '../../../common/telemetry/health.ts'
import { DeliveryError } from '../errors.ts'
import { fetchHealth, HealthUnavailable, hoursFor } from '../health/fetch-health.ts'
import { judge } from '../health/rule.ts'
import type { RouteEntry } from '../manifest.ts'
import type { WatchDecision, WatchReport } from '../releases/run-report.ts'
import { terminalText } from '../terminal-text.ts'
import { formatDuration } from '../units.ts'
import type { Run } from './context.ts'
import { lookPlan, lookTimeoutOf, NO_VIEWS, outcomeOf, type WatchOptions } from './watch-looks.ts'

/** A route whose canary is watched: its manifest entry, its stable release and its canary release. */
export interface WatchedCanary {
  route: RouteEntry
  stable: string
  canary: string
}

export interface CanaryWatchInput {
  canaries: WatchedCanary[]
  /** When the canaries reached the devices (ms since the epoch): the window's start, on both sides. */
  startedAt: number
}

/** Takes the canaries of `routes` away (rollout/canary.ts `abortCanaries`); `why` goes to the API's event. */
export type AbortCanaries = (routes: string[], why: string) => Promise<void>

/** What the rule reads of `release` of `route`'s app views of `cohort` in the window, or null (none, or not in the reply). */
function cohortFigures(reply: HealthReply, route: string, release: string, cohort: 'stable' | 'canary'): JudgedFigures | null {
  return reply.releases.find((r) => r.route === route && r.release === release)?.byCohortJudged?.[cohort] ?? null
}

/**
 * Watches each canary against its stable release in the same window; aborts each worse one at the look that
 * judges it. Returns the report (`canary` set); the caller exits 1 when a canary was aborted, 3 when nothing
 * could be judged.
 */
export async function watchCanary(
  run: Pick<Run, 'clock' | 'notice'>,
  { canaries, startedAt }: CanaryWatchInput,
  options: WatchOptions,
  abort: AbortCanaries,
): Promise<WatchReport> {
  const { clock, notice } = run
  const started = clock.now()
  const ends = started + options.forMs
  // The server keeps the cohorts' minutes COHORT_FROM_HOURS: a window older than that at its last look cannot be read.
  if (ends - startedAt > COHORT_FROM_HOURS * 3_600_000)
    throw new DeliveryError(
      `a canary watch reads the app's views from the canary's start, at most ${COHORT_FROM_HOURS} hours back: this one would end ${formatDuration(ends - startedAt)} after it`,
    )
  const from = new Date(startedAt).toISOString()
  const { everyMs, looks, levels, minViews, onSlower } = lookPlan(options, canaries.length)
  const decisions = new Map<string, WatchDecision>()
  const aborted: NonNullable<WatchReport['canary']>['aborted'] = []
  let lastReply: HealthReply | null = null
  let unreachable: string | null
  notice(
    terminalText(
      `watching canaries ${canaries.map((c) => `${c.route.path} ${c.canary} (stable ${c.stable})`).join(', ') || 'none'} for ${formatDuration(options.forMs)} at ${options.health}, the app's views from ${from}, ${looks} looks`,
    ),
  )

  for (let look = 1; canaries.some((c) => !decisions.has(c.route.path)); look++) {
    const final = clock.now() >= ends
    try {
      lastReply = await fetchHealth({
        api: options.health,
        // The reply's other figures are not read: the shortest window that holds the canary's.
        sinceHours: hoursFor(clock.now() - startedAt),
        from,
        timeoutMs: lookTimeoutOf(options),
        ...(options.token ? { token: options.token } : {}),
      })
      unreachable = null
    } catch (error) {
      if (!(error instanceof HealthUnavailable)) throw error
      unreachable = error.message
      notice(terminalText(`canary watch: look ${look}: ${error.message}; trying again`))
    }
    const at = new Date(clock.now()).toISOString()
    const worse: { route: string; kind: string }[] = []
    for (const c of canaries.filter((x) => !decisions.has(x.route.path))) {
      const base = { route: c.route.path, release: c.canary, previous: c.stable, at }
      if (!lastReply) {
        if (!final) continue
        decisions.set(c.route.path, { ...base, outcome: 'kept', why: `not judged: ${unreachable}` })
        notice(terminalText(`canary watch: ${c.route.path} ${c.canary}: kept, not judged: ${unreachable}`))
        continue
      }
      const now = cohortFigures(lastReply, c.route.path, c.canary, 'canary') ?? NO_VIEWS
      const then = cohortFigures(lastReply, c.route.path, c.stable, 'stable')
      const verdict = judge(now, then, { minViews, alpha: final ? levels.final : levels.interim })
      const when = unreachable ? ` (on the last answer of the health API, at ${lastReply.until}: ${unreachable})` : ''
      const outcome = outcomeOf(verdict, { final, onSlower, when })
      if (!outcome) continue
      // The rule's words name the release compared with "before": here it is stable, in the same window.
      const why = outcome.why
        .replace(/\) before\b/g, ') on stable')
        .replace(/the release before\b/g, 'stable')
        .replace(/of the one before\b/g, 'of stable')
        .replace(/of this release\b/g, 'of the canary')
      decisions.set(c.route.path, { ...base, outcome: outcome.act ? 'aborted' : 'kept', why })
      notice(terminalText(`canary watch: ${c.route.path} ${c.canary}: ${outcome.act ? 'aborted' : 'kept'}: ${why}`))
      if (outcome.act) worse.push({ route: c.route.path, kind: verdict.kind })
    }
    if (worse.length > 0) {
      // At once, at this look: the worse canaries go, in one rewrite of the rollout document.
      const routes = worse.map((w) => w.route)
      const kinds = [...new Set(worse.map((w) => w.kind))].join(' or ')
      const why = `${kinds} than stable in the same window: canary watch from ${from}`
      let failed: string | null = null
      try {
        await abort(routes, why)
      } catch (error) {
        failed = (error as Error).message
      }
      aborted.push({ routes, at, why, error: failed })
      notice(terminalText(`canary watch: aborted the canary of ${routes.join(', ')}${failed ? ` (FAILED: ${failed})` : ''}`))
    }
    // Every canary decided: no wait for a look that would read nothing.
    if (final || canaries.every((c) => decisions.has(c.route.path))) break
    await clock.sleep(Math.max(0, Math.min(everyMs, ends - clock.now())))
  }

  return {
    api: options.health,
    seconds: (clock.now() - started) / 1000,
    minViews,
    looks,
    levels,
    decisions: canaries.map((c) => decisions.get(c.route.path)!),
    takeBacks: [],
    judged: lastReply !== null,
    canary: { from, aborted },
  }
}
