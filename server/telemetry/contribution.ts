/**
 * What a view adds to each rollup (migration 009), and the change a new report of the view makes: the
 * rollups count each view once, by its report with the highest `seq`, so a later report takes its view's
 * last contribution out and puts its own in (`addView(prev, -1)`, `addView(next, +1)`). Everything a batch
 * changes is summed per row key here first, and written once per row (batch-writer.ts). Pure.
 */
import { BUCKETS_OF, bucketOf, SERIES_BUCKETS, type HistogramMetric } from '../../common/telemetry/histogram'
import type { Problem } from '../../common/telemetry/report'
import { HOURS_METRICS, SOURCES_METRICS } from './rollup-columns'
import type { StoredReport } from './stored-report'

/** The rollup tables a view adds to. */
export type RollupTable =
  | 'telemetry_hours'
  | 'telemetry_days'
  | 'telemetry_series'
  | 'telemetry_splits'
  | 'telemetry_sources'
  | 'telemetry_cohort_sources'
  | 'telemetry_problems'

/** One row's change: its key columns, the numbers to add, and (for the tables that have them) times and texts. */
export interface RowChange {
  key: Record<string, string | number>
  add: Record<string, number>
  /** The earliest and latest report the change saw (first_at, last_at). */
  firstAt?: string
  lastAt?: string
  /** A problem group's own texts (telemetry_problems): one of its messages, its file, frame, endpoint, status. */
  texts?: Record<string, string | number | null>
}

/** The changes of a batch: per table, per row key. */
export type Changes = Record<RollupTable, Map<string, RowChange>>

export const emptyChanges = (): Changes => ({
  telemetry_hours: new Map(),
  telemetry_days: new Map(),
  telemetry_series: new Map(),
  telemetry_splits: new Map(),
  telemetry_sources: new Map(),
  telemetry_cohort_sources: new Map(),
  telemetry_problems: new Map(),
})

const truncate = (iso: string, unit: 'minute' | 'hour' | 'day') => {
  const length = unit === 'minute' ? 16 : unit === 'hour' ? 13 : 10
  const head = iso.slice(0, length)
  return unit === 'minute' ? `${head}:00.000Z` : unit === 'hour' ? `${head}:00:00.000Z` : head
}

/** The figure a histogram metric reads of a stored report. */
const figureOf = (row: StoredReport, metric: HistogramMetric): number | null => row[metric]

function histograms(row: StoredReport, metrics: readonly HistogramMetric[], sign: number, add: Record<string, number>): void {
  for (const metric of metrics) {
    const value = figureOf(row, metric)
    if (value === null || !Number.isFinite(value) || value < 0) continue
    const column = `${metric}_h${bucketOf(value, BUCKETS_OF[metric])}`
    add[column] = (add[column] ?? 0) + sign
  }
}

/**
 * A problem's group (docs/telemetry.md "Problems"): its kind, and where it happened, the first of its
 * frame, file, endpoint with status, or message that it has; a head report's problem has only its kind.
 */
export function problemGroup(problem: Problem): string {
  if (problem.frame) return problem.frame
  if (problem.file) return problem.file
  if (problem.endpoint) return `${problem.endpoint} ${problem.status ?? 0}`
  return problem.message
}

/** The tables that keep when their rows were first and last reported. */
export const TIMED: ReadonlySet<RollupTable> = new Set(['telemetry_hours', 'telemetry_days', 'telemetry_problems', 'telemetry_sources'])

function change(changes: Changes, table: RollupTable, key: Record<string, string | number>, sign: number, row: StoredReport): RowChange {
  const id = Object.values(key).join('\u0000')
  let entry = changes[table].get(id)
  if (!entry) {
    entry = { key, add: {} }
    changes[table].set(id, entry)
  }
  // Times only grow a row's span: a report taken out leaves them as they were.
  if (sign > 0 && TIMED.has(table)) {
    entry.firstAt = !entry.firstAt || row.received_at < entry.firstAt ? row.received_at : entry.firstAt
    entry.lastAt = !entry.lastAt || row.received_at > entry.lastAt ? row.received_at : entry.lastAt
  }
  return entry
}

function count(add: Record<string, number>, column: string, value: number): void {
  if (value !== 0) add[column] = (add[column] ?? 0) + value
}

/** Adds `sign` (+1 or −1) times the view of `row` (its latest report) to `changes`. */
export function addView(changes: Changes, row: StoredReport, sign: 1 | -1): void {
  const { route, release } = row
  const hour = truncate(row.view_at, 'hour')
  const day = truncate(row.view_at, 'day')
  const error = row.has_error ? sign : 0
  const neverReady = row.ready === null ? sign : 0

  for (const [table, at] of [
    ['telemetry_hours', { hour }],
    ['telemetry_days', { day }],
  ] as const) {
    const add = change(changes, table, { route, release, client: row.client, ...at }, sign, row).add
    count(add, 'views', sign)
    count(add, 'error_views', error)
    count(add, 'never_ready_views', neverReady)
    count(add, 'audio_views', row.audio_tried ? sign : 0)
    count(add, 'audio_fail_views', row.has_audio_failure ? sign : 0)
    count(add, 'head_views', row.head ? sign : 0)
    count(add, 'dropped', sign * row.dropped)
    count(add, 'lost', sign * row.lost)
    histograms(row, HOURS_METRICS, sign, add)
  }

  for (const [step, at] of [
    ['minute', truncate(row.view_at, 'minute')],
    ['hour', hour],
  ] as const) {
    const add = change(changes, 'telemetry_series', { route, release, step, at }, sign, row).add
    count(add, 'views', sign)
    count(add, 'error_views', error)
    count(add, 'never_ready_views', neverReady)
    if (row.ready !== null && Number.isFinite(row.ready) && row.ready >= 0)
      count(add, `ready_s${bucketOf(row.ready, SERIES_BUCKETS)}`, sign)
  }

  const splitKey = {
    route,
    release,
    day,
    client: row.client,
    os: row.os,
    engine: row.engine,
    engine_major: row.engine_major ?? -1,
    app_version: row.app_version ?? '',
    cohort: row.cohort ?? '',
    via: row.via ?? '',
  }
  const splits = change(changes, 'telemetry_splits', splitKey, sign, row).add
  count(splits, 'views', sign)
  count(splits, 'error_views', error)
  count(splits, 'never_ready_views', neverReady)

  const sources = change(changes, 'telemetry_sources', { route, release, source: row.source }, sign, row).add
  count(sources, 'views', sign)
  count(sources, 'error_views', error)
  count(sources, 'never_ready_views', neverReady)
  histograms(row, SOURCES_METRICS, sign, sources)

  // The canary watch's comparison (migration 011): the app's views that say their cohort, by minute and source.
  if (row.client === 'app' && (row.cohort === 'stable' || row.cohort === 'canary')) {
    const at = truncate(row.view_at, 'minute')
    const cohort = change(
      changes,
      'telemetry_cohort_sources',
      { route, release, cohort: row.cohort, at, source: row.source },
      sign,
      row,
    ).add
    count(cohort, 'views', sign)
    count(cohort, 'error_views', error)
    count(cohort, 'never_ready_views', neverReady)
    histograms(row, SOURCES_METRICS, sign, cohort)
  }

  // A problem group counts a view once, however many times it happened in it.
  const seen = new Set<string>()
  for (const problem of row.problems) {
    const grp = problemGroup(problem)
    const id = `${problem.kind}\u0000${grp}`
    if (seen.has(id)) continue
    seen.add(id)
    const entry = change(changes, 'telemetry_problems', { route, release, day, kind: problem.kind, grp }, sign, row)
    count(entry.add, 'views', sign)
    if (sign > 0)
      entry.texts = {
        message: problem.message,
        file: problem.file ?? null,
        frame: problem.frame ?? null,
        endpoint: problem.endpoint ?? null,
        status: problem.status ?? null,
      }
  }
}
