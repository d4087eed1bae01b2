/**
 * Release health (`GET /ops/release-health`, docs/telemetry.md "Reading it back") computed in SQL, in
 * one statement: each view's report with the highest `seq` within the window (a range scan on
 * `received_at`, or on `(route, received_at)` for one page), then per route and release — and per
 * client — the views, the rates' numerators and the p75s, an hourly series and the commonest problems.
 */
import type { HealthFigures, HealthReply, ReleaseHealth } from '../../common/telemetry/health'
import type { ClientKind } from '../../common/telemetry/report'
import type { Db } from '../db/db'

/** Problems listed per release. */
export const TOP_PROBLEMS = 5

const FIGURES = `
  count(*)::int AS views,
  count(*) FILTER (WHERE has_error)::int AS "errorViews",
  count(*) FILTER (WHERE ready IS NULL)::int AS "neverReadyViews",
  count(*) FILTER (WHERE audio_tried)::int AS "audioViews",
  count(*) FILTER (WHERE has_audio_failure)::int AS "audioFailViews",
  percentile_cont(0.75) WITHIN GROUP (ORDER BY ready) AS ready,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY fcp) AS fcp,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp) AS lcp,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY inp) AS inp,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY cls) AS cls,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY ttfb) AS ttfb`

/** $1 the window's start, $2 one route or null for all. */
export const HEALTH_SQL = `
WITH latest AS MATERIALIZED (
  SELECT DISTINCT ON (view) view, route, release, client, received_at, ready, fcp, lcp, inp, cls, ttfb,
    has_error, has_audio_failure, audio_tried, problems
  FROM telemetry_reports
  WHERE received_at >= $1 AND ($2::text IS NULL OR route = $2::text)
  ORDER BY view, seq DESC, id DESC
), figures AS (
  SELECT route, release, client, min(received_at) AS "firstSeen", max(received_at) AS "lastSeen", ${FIGURES}
  FROM latest GROUP BY GROUPING SETS ((route, release), (route, release, client))
), hourly AS (
  SELECT route, release, date_trunc('hour', received_at) AS hour, count(*)::int AS views,
    count(*) FILTER (WHERE has_error)::int AS "errorViews",
    count(*) FILTER (WHERE ready IS NULL)::int AS "neverReadyViews",
    percentile_cont(0.75) WITHIN GROUP (ORDER BY ready) AS "readyP75"
  FROM latest GROUP BY route, release, date_trunc('hour', received_at)
), problems AS (
  SELECT route, release, kind, message, views,
    row_number() OVER (PARTITION BY route, release ORDER BY views DESC, kind, message) AS rank
  FROM (
    SELECT route, release, p->>'kind' AS kind,
      coalesce(nullif(p->>'message', ''), nullif(concat_ws(' ', p->>'endpoint', p->>'status'), ''), p->>'file', '') AS message,
      count(DISTINCT view)::int AS views
    FROM latest, jsonb_array_elements(problems) AS p
    GROUP BY 1, 2, 3, 4
  ) counted
)
SELECT
  (SELECT coalesce(json_agg(f), '[]') FROM figures f) AS figures,
  (SELECT coalesce(json_agg(h ORDER BY h.hour), '[]') FROM hourly h) AS hourly,
  (SELECT coalesce(json_agg(p), '[]') FROM problems p WHERE rank <= ${TOP_PROBLEMS}) AS problems,
  now() AS until`

interface FigureRow extends Omit<HealthFigures, 'p75'> {
  route: string
  release: string
  client: ClientKind | null
  firstSeen: string
  lastSeen: string
  ready: number | null
  fcp: number | null
  lcp: number | null
  inp: number | null
  cls: number | null
  ttfb: number | null
}
interface HourRow {
  route: string
  release: string
  hour: string
  views: number
  errorViews: number
  neverReadyViews: number
  readyP75: number | null
}
interface ProblemRow {
  route: string
  release: string
  kind: string
  message: string
  views: number
}

const iso = (time: string | Date) => new Date(time).toISOString()
const key = (row: { route: string; release: string }) => `${row.route}\n${row.release}`
/** JSON from PGlite arrives parsed; from node-postgres too (json type); a string only if a driver leaves it. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T))

function figuresOf(row: FigureRow): HealthFigures {
  const { views, errorViews, neverReadyViews, audioViews, audioFailViews, ready, fcp, lcp, inp, cls, ttfb } = row
  return { views, errorViews, neverReadyViews, audioViews, audioFailViews, p75: { ready, fcp, lcp, inp, cls, ttfb } }
}

/** The health of every (route, release) with a report in the last `sinceHours` hours (one route, or all). */
export async function readReleaseHealth(db: Db, sinceHours: number, route: string | null): Promise<HealthReply> {
  const since = new Date(Date.now() - sinceHours * 3600_000)
  const [row] = await db.query<{ figures: unknown; hourly: unknown; problems: unknown; until: string | Date }>(HEALTH_SQL, [since, route])
  const releases = new Map<string, ReleaseHealth>()
  const figureRows = parsed<FigureRow[]>(row!.figures)
  for (const figures of figureRows.filter((r) => r.client === null)) {
    releases.set(key(figures), {
      route: figures.route,
      release: figures.release,
      firstSeen: iso(figures.firstSeen),
      lastSeen: iso(figures.lastSeen),
      total: figuresOf(figures),
      byClient: {},
      topProblems: [],
      hourly: [],
    })
  }
  for (const figures of figureRows.filter((r) => r.client !== null)) {
    releases.get(key(figures))!.byClient[figures.client!] = figuresOf(figures)
  }
  for (const hour of parsed<HourRow[]>(row!.hourly)) {
    const { views, errorViews, neverReadyViews, readyP75 } = hour
    releases.get(key(hour))?.hourly.push({ hour: iso(hour.hour), views, errorViews, neverReadyViews, readyP75 })
  }
  for (const problem of parsed<(ProblemRow & { rank: number })[]>(row!.problems).sort((a, b) => a.rank - b.rank)) {
    releases.get(key(problem))?.topProblems.push({ kind: problem.kind, message: problem.message, views: problem.views })
  }
  const ordered = [...releases.values()].sort((a, b) => a.route.localeCompare(b.route) || b.firstSeen.localeCompare(a.firstSeen))
  return { since: since.toISOString(), until: iso(row!.until), releases: ordered }
}
