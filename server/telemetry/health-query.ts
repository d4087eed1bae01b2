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
  type CohortJudged,
  type HealthFigures,
  type HealthReply,
  type JudgedFigures,
  type NotCounted,
  type ProblemGroup,
  type ReleaseHealth,
  type SeriesPoint,
  type SplitFigures,
} from '../../common/telemetry/health'
import { BUCKETS_OF, CLS_BUCKETS, quantileOf, SERIES_BUCKETS, type Buckets, type HistogramMetric } from '../../common/telemetry/histogram'
import type { ClientKind } from '../../common/telemetry/report'
import { judgeFigures, type SourceFigures } from '../../common/telemetry/robust'
import type { Db, Queryable } from '../db/db'
import { deployments } from './releases'
import { histogramColumns, HOURS_METRICS, SERIES_COLUMNS } from './rollup-columns'

/** Problem groups listed per release. */
export const TOP_PROBLEMS = 8

/** A histogram's columns summed, as one JSON array (parsed natively: 75 columns a row cost more to read). */
const summed = (metric: HistogramMetric) =>
  `json_build_array(${histogramColumns(metric)
    .map((c) => `sum(${c})`)
    .join(', ')}) AS ${metric}`
const COUNT_COLUMNS = ['views', 'error_views', 'never_ready_views', 'audio_views', 'audio_fail_views', 'head_views', 'dropped', 'lost']
const counts = (columns: readonly string[]) => columns.map((c) => `sum(${c})::int AS ${c}`).join(', ')

/** A window of this many hours or more is read by day (from the start of its first day), a shorter one by hour. */
export const DAYS_FROM_HOURS = 48

/**
 * One row per (route, release, client): $1 the window's start (an hour, or a day for the days table), $2
 * one route or null.
 */
const totalsSql = (table: 'telemetry_hours' | 'telemetry_days', column: 'hour' | 'day') => `SELECT route, release, client,
  min(first_at) AS first_at, max(last_at) AS last_at, ${counts(COUNT_COLUMNS)}, ${HOURS_METRICS.map(summed).join(', ')}
FROM ${table} WHERE ${column} >= $1 AND ($2::text IS NULL OR route = $2::text)
GROUP BY route, release, client`
export const HOURS_SQL = totalsSql('telemetry_hours', 'hour')
export const DAYS_SQL = totalsSql('telemetry_days', 'day')

export const SPLITS_SQL = `SELECT route, release, GROUPING(os) AS by_os, GROUPING(engine) AS by_engine, GROUPING(app_version) AS by_app_version,
  GROUPING(cohort) AS by_cohort, os, engine, engine_major, app_version, cohort, via,
  ${counts(['views', 'error_views', 'never_ready_views'])}
FROM telemetry_splits WHERE day >= $1::date AND ($2::text IS NULL OR route = $2::text)
GROUP BY GROUPING SETS ((route, release, os), (route, release, engine, engine_major), (route, release, app_version), (route, release, cohort),
  (route, release, via))`

const latest = (column: string) => `(array_agg(${column} ORDER BY last_at DESC))[1] AS ${column}`
export const PROBLEMS_SQL = `SELECT * FROM (
  SELECT route, release, kind, grp, sum(views)::int AS views, min(first_at) AS first_at, max(last_at) AS last_at,
    ${['message', 'file', 'frame', 'endpoint', 'status'].map(latest).join(', ')},
    row_number() OVER (PARTITION BY route, release ORDER BY sum(views) DESC, kind, grp) AS rank
  FROM telemetry_problems WHERE day >= $1::date AND ($2::text IS NULL OR route = $2::text)
  GROUP BY route, release, kind, grp HAVING sum(views) > 0
) ranked WHERE rank <= ${TOP_PROBLEMS}`

/** The series of the window, a row a step: $1 its first step, $2 one route or null, $3 the step. */
export const SERIES_SQL = `SELECT route, release, at, views, error_views, never_ready_views, json_build_array(${SERIES_COLUMNS.join(', ')}) AS ready
FROM telemetry_series WHERE step = $3 AND at >= $1 AND ($2::text IS NULL OR route = $2::text) AND views > 0`

/** The sources of the releases $1 (`route\nrelease`) over their life: what the rule reads. */
export const SOURCES_SQL = `SELECT route, release, source, views, error_views, never_ready_views, array_to_json(ready) AS ready, array_to_json(lcp) AS lcp
FROM telemetry_sources WHERE route || E'\\n' || release = ANY($1::text[]) AND views > 0`

/**
 * The app's views of each cohort of the releases $1 (`route\nrelease`) from the minute $2, by source and minute
 * (migration 011): summed per source here, a row a source and minute of a watch's window.
 */
export const COHORT_SOURCES_SQL = `SELECT route, release, cohort, source, views, error_views, never_ready_views,
  array_to_json(ready) AS ready, array_to_json(lcp) AS lcp
FROM telemetry_cohort_sources WHERE route || E'\\n' || release = ANY($1::text[]) AND at >= $2 AND views > 0`

const NOT_COUNTED_SQL = `SELECT reason, sum(n)::int AS n FROM telemetry_not_counted WHERE hour >= $1 GROUP BY reason`

type Row = Record<string, unknown>

/** Lets the event loop serve what is waiting (a visitor's request) before going on. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

const iso = (time: unknown) => new Date(time as string | Date).toISOString()
const num = (value: unknown) => Number(value ?? 0)
const key = (row: Row) => `${String(row.route)}\n${String(row.release)}`

/** A histogram read as a JSON array (node-postgres and PGlite parse json; a string if a driver does not). */
const histogramOf = (row: Row, metric: HistogramMetric): number[] => {
  const value = row[metric]
  if (typeof value === 'string') row[metric] = JSON.parse(value) as number[]
  return (row[metric] as number[] | null) ?? []
}
const roundedQuantile = (histogram: number[], buckets: Buckets) => {
  const value = quantileOf(histogram, 0.75, buckets)
  return value === null ? null : buckets === CLS_BUCKETS ? Math.round(value * 1000) / 1000 : Math.round(value)
}
const p75 = (row: Row, metric: HistogramMetric) => roundedQuantile(histogramOf(row, metric), BUCKETS_OF[metric])

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

/** Adds the counts and histograms of `row` into `into`. */
function addInto(into: Row, row: Row): Row {
  for (const column of COUNT_COLUMNS) into[column] = num(into[column]) + num(row[column])
  for (const metric of HOURS_METRICS) {
    const add = histogramOf(row, metric)
    const sum = (into[metric] as number[] | undefined) ?? (into[metric] = new Array<number>(add.length).fill(0))
    for (let i = 0; i < add.length; i++) sum[i] = (sum[i] ?? 0) + Number(add[i])
  }
  return into
}

const bySize = (a: SplitFigures, b: SplitFigures) => b.views - a.views || a.key.localeCompare(b.key)

/** Adds one source's figures of a row (a minute of it) into `into`. */
function addSource(into: SourceFigures | undefined, row: Row): SourceFigures {
  const ready = histogramOf(row, 'ready')
  const lcp = histogramOf(row, 'lcp')
  if (!into) return { views: num(row.views), errorViews: num(row.error_views), neverReadyViews: num(row.never_ready_views), ready, lcp }
  into.views += num(row.views)
  into.errorViews += num(row.error_views)
  into.neverReadyViews += num(row.never_ready_views)
  for (const [sum, add] of [
    [into.ready, ready],
    [into.lcp, lcp],
  ] as const)
    for (let i = 0; i < add.length; i++) sum[i] = (sum[i] ?? 0) + Number(add[i])
  return into
}

/**
 * The health of every (route, release) with a counted view in the last `sinceHours` hours (one route, or all);
 * with `cohortsFrom`, what the rule reads of the judged releases' app views of each cohort since its minute.
 */
export async function readReleaseHealth(
  db: Queryable,
  sinceHours: number,
  route: string | null,
  now = new Date(),
  cohortsFrom: Date | null = null,
): Promise<HealthReply> {
  const step = sinceHours <= SERIES_MINUTE_HOURS ? 'minute' : 'hour'
  const byDay = sinceHours >= DAYS_FROM_HOURS
  const from = new Date(now.getTime() - sinceHours * 3_600_000)
  const hourStart = new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000)
  const minuteStart = new Date(Math.floor(from.getTime() / 60_000) * 60_000)
  const dayStart = new Date(`${hourStart.toISOString().slice(0, 10)}T00:00:00.000Z`)
  const start = step === 'minute' ? minuteStart : byDay ? dayStart : hourStart

  const routes = await deployments(db, start, route)
  // The rule judges the release live and the one before it, of every route a deploy told about.
  const judged = routes.flatMap((r) =>
    [...new Set([r.live, r.previous, r.canary])].flatMap((release) => (release ? [`${r.route}\n${release}`] : [])),
  )
  const fromMinute = cohortsFrom ? new Date(Math.floor(cohortsFrom.getTime() / 60_000) * 60_000) : null
  // One after another: they share one connection (a read's transaction), which runs one statement at a time
  // anyway; handed several at once, node-postgres queues them and warns that it will refuse that (pg 9).
  const hours = byDay ? await db.query<Row>(DAYS_SQL, [dayStart, route]) : await db.query<Row>(HOURS_SQL, [hourStart, route])
  const splits = await db.query<Row>(SPLITS_SQL, [dayStart, route])
  const problems = await db.query<Row>(PROBLEMS_SQL, [dayStart, route])
  const series = await db.query<Row>(SERIES_SQL, [step === 'minute' ? minuteStart : hourStart, route, step])
  const sources = await db.query<Row>(SOURCES_SQL, [judged])
  const notCounted = await db.query<Row>(NOT_COUNTED_SQL, [start])
  const cohortSources = fromMinute ? await db.query<Row>(COHORT_SOURCES_SQL, [judged, fromMinute]) : []

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
      byCohort: [],
      byVia: [],
      topProblems: [],
      series: [],
      judged: null,
      byCohortJudged: null,
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
    else if (num(row.by_app_version) === 0) release.byAppVersion.push({ key: String(row.app_version) || 'none', ...counts })
    else if (num(row.by_cohort) === 0) release.byCohort.push({ key: String(row.cohort) || 'none', ...counts })
    else release.byVia.push({ key: String(row.via) || 'none', ...counts })
  }
  for (const release of releases.values()) {
    for (const split of [release.byOs, release.byEngine, release.byAppVersion, release.byCohort, release.byVia]) split.sort(bySize)
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
      readyP75: roundedQuantile(histogramOf(row, 'ready'), SERIES_BUCKETS),
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
    // A release at a time: a visitor's request waiting on this instance gets its turn between them.
    await yieldToOthers()
  }

  if (fromMinute) {
    const byCohort = new Map<string, { stable: Map<number, SourceFigures>; canary: Map<number, SourceFigures> }>()
    for (const row of cohortSources) {
      const id = key(row)
      const cohorts = byCohort.get(id) ?? { stable: new Map(), canary: new Map() }
      byCohort.set(id, cohorts)
      const sources = row.cohort === 'canary' ? cohorts.canary : cohorts.stable
      sources.set(num(row.source), addSource(sources.get(num(row.source)), row))
    }
    for (const id of judged) {
      const release = releases.get(id)
      if (!release) continue
      const cohorts = byCohort.get(id)
      const judgedOf = (sources: Map<number, SourceFigures> | undefined) => (sources?.size ? judgeFigures([...sources.values()]) : null)
      release.byCohortJudged = {
        from: fromMinute.toISOString(),
        stable: judgedOf(cohorts?.stable),
        canary: judgedOf(cohorts?.canary),
      } satisfies CohortJudged
      await yieldToOthers()
    }
  }

  const counted: NotCounted = { unknownRelease: 0, overBudget: 0, diskReserve: 0 }
  for (const row of notCounted) {
    if (row.reason === 'unknown-release') counted.unknownRelease = num(row.n)
    if (row.reason === 'over-budget') counted.overBudget = num(row.n)
    if (row.reason === 'disk-reserve') counted.diskReserve = num(row.n)
  }

  const ordered = [...releases.values()].sort((a, b) => a.route.localeCompare(b.route) || b.firstSeen.localeCompare(a.firstSeen))
  return {
    since: start.toISOString(),
    until: now.toISOString(),
    step,
    cohortsFrom: fromMinute?.toISOString() ?? null,
    releases: ordered,
    deployments: routes,
    notCounted: counted,
  }
}

/** One read as the ops route makes it: in one transaction, on one connection, with no parallel workers (a read takes at most one core). */
export function readHealthOnce(db: Db, sinceHours: number, route: string | null, cohortsFrom: Date | null = null): Promise<HealthReply> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL max_parallel_workers_per_gather = 0')
    return readReleaseHealth(tx, sinceHours, route, new Date(), cohortsFrom)
  })
}
