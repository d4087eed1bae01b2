/**
 * Release health (`GET /ops/release-health`, docs/telemetry.md "Reading it back") read from the rollups
 * (migration 009, kept by batch-writer.ts), never from the raw reports: the totals, p75s and per-client
 * figures from `telemetry_hours`, the splits from `telemetry_splits`, the problem groups from
 * `telemetry_problems`, the series per minute (a window of up to SERIES_MINUTE_HOURS) or per hour, and,
 * for each release a deploy made live, what the decision rule reads (common/telemetry/robust.ts over
 * `telemetry_sources`). A window starts at the start of its first hour (or minute).
 */
import {
  SERIES_MINUTE_HOURS,
  type HealthFigures,
  type HealthReply,
  type JudgedFigures,
  type NotCounted,
  type ProblemGroup,
  type ReleaseHealth,
  type SeriesPoint,
  type SplitFigures,
} from '../../common/telemetry/health'
import { BUCKETS_OF, quantileOf, type HistogramMetric } from '../../common/telemetry/histogram'
import type { ClientKind } from '../../common/telemetry/report'
import { judgeFigures, type SourceFigures } from '../../common/telemetry/robust'
import type { Queryable } from '../db/db'
import { deployments } from './releases'
import { columnsOf, histogramColumns, HOURS_METRICS, SOURCES_METRICS } from './rollup-columns'

/** Problem groups listed per release. */
export const TOP_PROBLEMS = 8

const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c})::int AS ${c}`).join(', ')
const COUNT_COLUMNS = ['views', 'error_views', 'never_ready_views', 'audio_views', 'audio_fail_views', 'head_views', 'dropped', 'lost']

/** $1 the window's first hour, $2 one route or null. One row per (route, release, client). */
export const HOURS_SQL = `SELECT route, release, client, min(first_at) AS first_at, max(last_at) AS last_at,
  ${sums([...COUNT_COLUMNS, ...columnsOf(HOURS_METRICS)])}
FROM telemetry_hours WHERE hour >= $1 AND ($2::text IS NULL OR route = $2::text)
GROUP BY route, release, client`

const SPLITS_SQL = `SELECT route, release, GROUPING(os) AS by_os, GROUPING(engine) AS by_engine, os, engine, engine_major, app_version,
  sum(views)::int AS views, sum(error_views)::int AS error_views, sum(never_ready_views)::int AS never_ready_views
FROM telemetry_splits WHERE hour >= $1 AND ($2::text IS NULL OR route = $2::text)
GROUP BY GROUPING SETS ((route, release, os), (route, release, engine, engine_major), (route, release, app_version))`

const latest = (column: string) => `(array_agg(${column} ORDER BY last_at DESC))[1] AS ${column}`
const PROBLEMS_SQL = `SELECT * FROM (
  SELECT route, release, kind, grp, sum(views)::int AS views, min(first_at) AS first_at, max(last_at) AS last_at,
    ${['message', 'file', 'frame', 'endpoint', 'status'].map(latest).join(', ')},
    row_number() OVER (PARTITION BY route, release ORDER BY sum(views) DESC, kind, grp) AS rank
  FROM telemetry_problems WHERE hour >= $1 AND ($2::text IS NULL OR route = $2::text)
  GROUP BY route, release, kind, grp HAVING sum(views) > 0
) ranked WHERE rank <= ${TOP_PROBLEMS}`

const MINUTES_SQL = `SELECT route, release, minute AS at, sum(views)::int AS views, sum(error_views)::int AS error_views,
  sum(never_ready_views)::int AS never_ready_views, ${sums(histogramColumns('ready'))}
FROM telemetry_minutes WHERE minute >= $1 AND ($2::text IS NULL OR route = $2::text)
GROUP BY route, release, minute HAVING sum(views) > 0`

const HOURLY_SQL = `SELECT route, release, hour AS at, sum(views)::int AS views, sum(error_views)::int AS error_views,
  sum(never_ready_views)::int AS never_ready_views, ${sums(histogramColumns('ready'))}
FROM telemetry_hours WHERE hour >= $1 AND ($2::text IS NULL OR route = $2::text)
GROUP BY route, release, hour HAVING sum(views) > 0`

/** The deployed releases' sources over the window: what the rule reads. */
const SOURCES_SQL = `SELECT s.route, s.release, s.source, sum(views)::int AS views, sum(error_views)::int AS error_views,
  sum(never_ready_views)::int AS never_ready_views, ${sums(columnsOf(SOURCES_METRICS))}
FROM telemetry_sources s JOIN telemetry_releases r ON r.route = s.route AND r.release = s.release
WHERE s.day >= $1::date AND ($2::text IS NULL OR s.route = $2::text)
GROUP BY s.route, s.release, s.source HAVING sum(views) > 0`

const NOT_COUNTED_SQL = `SELECT reason, sum(n)::int AS n FROM telemetry_not_counted WHERE hour >= $1 GROUP BY reason`

type Row = Record<string, unknown>

const iso = (time: unknown) => new Date(time as string | Date).toISOString()
const num = (value: unknown) => Number(value ?? 0)
const key = (row: Row) => `${String(row.route)}\n${String(row.release)}`

const histogramOf = (row: Row, metric: HistogramMetric) => histogramColumns(metric).map((c) => num(row[c]))
const p75 = (row: Row, metric: HistogramMetric) => {
  const value = quantileOf(histogramOf(row, metric), 0.75, BUCKETS_OF[metric])
  return value === null ? null : metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)
}

function figuresOf(row: Row): HealthFigures {
  return {
    views: num(row.views),
    errorViews: num(row.error_views),
    neverReadyViews: num(row.never_ready_views),
    audioViews: num(row.audio_views),
    audioFailViews: num(row.audio_fail_views),
    headViews: num(row.head_views),
    droppedProblems: num(row.dropped),
    lostReports: num(row.lost),
    p75: {
      ready: p75(row, 'ready'),
      fcp: p75(row, 'fcp'),
      lcp: p75(row, 'lcp'),
      inp: p75(row, 'inp'),
      cls: p75(row, 'cls'),
      ttfb: p75(row, 'ttfb'),
    },
  }
}

/** Adds the numeric columns of `row` into `into`. */
function addInto(into: Row, row: Row): Row {
  for (const [column, value] of Object.entries(row)) if (typeof value === 'number') into[column] = num(into[column]) + value
  return into
}

const bySize = (a: SplitFigures, b: SplitFigures) => b.views - a.views || a.key.localeCompare(b.key)

/** The health of every (route, release) with a counted view in the last `sinceHours` hours (one route, or all). */
export async function readReleaseHealth(db: Queryable, sinceHours: number, route: string | null, now = new Date()): Promise<HealthReply> {
  const step = sinceHours <= SERIES_MINUTE_HOURS ? 'minute' : 'hour'
  const from = new Date(now.getTime() - sinceHours * 3_600_000)
  const hourStart = new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000)
  const minuteStart = new Date(Math.floor(from.getTime() / 60_000) * 60_000)
  const dayStart = hourStart.toISOString().slice(0, 10)

  const [hours, splits, problems, series, sources, notCounted, routes] = await Promise.all([
    db.query<Row>(HOURS_SQL, [hourStart, route]),
    db.query<Row>(SPLITS_SQL, [hourStart, route]),
    db.query<Row>(PROBLEMS_SQL, [hourStart, route]),
    step === 'minute' ? db.query<Row>(MINUTES_SQL, [minuteStart, route]) : db.query<Row>(HOURLY_SQL, [hourStart, route]),
    db.query<Row>(SOURCES_SQL, [dayStart, route]),
    db.query<Row>(NOT_COUNTED_SQL, [hourStart]),
    deployments(db, hourStart, route),
  ])

  const releases = new Map<string, ReleaseHealth>()
  const totals = new Map<string, Row>()
  for (const row of hours) {
    const id = key(row)
    const total = totals.get(id) ?? { route: row.route, release: row.release, first_at: row.first_at, last_at: row.last_at }
    if (iso(row.first_at) < iso(total.first_at)) total.first_at = row.first_at
    if (iso(row.last_at) > iso(total.last_at)) total.last_at = row.last_at
    totals.set(id, addInto(total, row))
  }
  for (const [id, total] of totals) {
    releases.set(id, {
      route: String(total.route),
      release: String(total.release),
      firstSeen: iso(total.first_at),
      lastSeen: iso(total.last_at),
      total: figuresOf(total),
      byClient: {},
      byOs: [],
      byEngine: [],
      byAppVersion: [],
      topProblems: [],
      series: [],
      judged: null,
    })
  }
  for (const row of hours) releases.get(key(row))!.byClient[row.client as ClientKind] = figuresOf(row)

  for (const row of splits) {
    const release = releases.get(key(row))
    if (!release) continue
    const counts = { views: num(row.views), errorViews: num(row.error_views), neverReadyViews: num(row.never_ready_views) }
    if (num(row.by_os) === 0) release.byOs.push({ key: String(row.os), ...counts })
    else if (num(row.by_engine) === 0)
      release.byEngine.push({
        key: num(row.engine_major) >= 0 ? `${String(row.engine)} ${num(row.engine_major)}` : String(row.engine),
        ...counts,
      })
    else release.byAppVersion.push({ key: String(row.app_version) || 'none', ...counts })
  }
  for (const release of releases.values()) {
    release.byOs.sort(bySize)
    release.byEngine.sort(bySize)
    release.byAppVersion.sort(bySize)
  }

  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  for (const row of problems.sort((a, b) => num(a.rank) - num(b.rank))) {
    const group: ProblemGroup = {
      kind: String(row.kind),
      message: text(row.message) ?? '',
      file: text(row.file),
      frame: text(row.frame),
      endpoint: text(row.endpoint),
      status: row.status === null || row.status === undefined ? null : num(row.status),
      views: num(row.views),
      firstSeen: iso(row.first_at),
      lastSeen: iso(row.last_at),
    }
    releases.get(key(row))?.topProblems.push(group)
  }

  for (const row of series.sort((a, b) => iso(a.at).localeCompare(iso(b.at)))) {
    const point: SeriesPoint = {
      at: iso(row.at),
      views: num(row.views),
      errorViews: num(row.error_views),
      neverReadyViews: num(row.never_ready_views),
      readyP75: p75(row, 'ready'),
    }
    releases.get(key(row))?.series.push(point)
  }

  const bySource = new Map<string, SourceFigures[]>()
  for (const row of sources) {
    const list = bySource.get(key(row)) ?? []
    list.push({
      views: num(row.views),
      errorViews: num(row.error_views),
      neverReadyViews: num(row.never_ready_views),
      ready: histogramOf(row, 'ready'),
      lcp: histogramOf(row, 'lcp'),
    })
    bySource.set(key(row), list)
  }
  for (const [id, list] of bySource) {
    const release = releases.get(id)
    if (release) release.judged = judgeFigures(list) satisfies JudgedFigures
  }

  const counted: NotCounted = { unknownRelease: 0, overBudget: 0, diskReserve: 0 }
  for (const row of notCounted) {
    if (row.reason === 'unknown-release') counted.unknownRelease = num(row.n)
    if (row.reason === 'over-budget') counted.overBudget = num(row.n)
    if (row.reason === 'disk-reserve') counted.diskReserve = num(row.n)
  }

  const ordered = [...releases.values()].sort((a, b) => a.route.localeCompare(b.route) || b.firstSeen.localeCompare(a.firstSeen))
  return {
    since: (step === 'minute' ? minuteStart : hourStart).toISOString(),
    until: now.toISOString(),
    step,
    releases: ordered,
    deployments: routes,
    notCounted: counted,
  }
}
