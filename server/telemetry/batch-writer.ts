/**
 * The collector's storage path (docs/telemetry.md "Keeping it"): reports are written in batches, each
 * batch one transaction that appends the raw rows and brings every rollup up to date, so that release
 * health reads rollups and never scans the raw reports. A report is answered once its batch committed.
 *
 * A view is counted once, by its report with the highest `seq`: the batch locks its views (a
 * transaction-level advisory lock each, in one order, so that two instances never count a view twice),
 * reads each view's latest report of the last VIEW_LOOKBACK_HOURS, and changes the rollups by the
 * difference (contribution.ts). Rows are written in key order, so two batches never wait on each other
 * in a circle; a deadlock or serialization failure all the same retries the batch.
 *
 * Before the transaction, two bounds (docs/telemetry.md "Bounds"): a source past its daily storage budget
 * is refused (`over-budget`, the route's 429), and every report is refused while the data disk is below
 * its reserve (`disk-reserve`, 503), so reports never take the room uploads and folders need.
 */
import type { Db, Queryable } from '../db/db'
import { addView, emptyChanges, TIMED, type Changes, type RollupTable, type RowChange } from './contribution'
import { ensurePartitions } from './partitions'
import { columnsOf, histogramColumns, HOURS_METRICS, SERIES_COLUMNS, SOURCES_METRICS } from './rollup-columns'
import type { StoredReport } from './stored-report'

/** A report ready to keep: its row, the size of its body, its source's budget key. */
export interface Pending {
  row: StoredReport
  bytes: number
  budgetKey: string
}

export type Outcome = 'stored' | 'over-budget' | 'disk-reserve'

export interface WriterOptions {
  /** Bytes a source may store a day (its reports' bodies). */
  sourceBudgetBytes: number
  /** Whether the data disk is below its reserve now (cached by the caller). */
  belowReserve: () => Promise<boolean>
  /** How long the first report of a batch waits for others (ms). */
  flushMs?: number
  /** The most reports a batch holds. */
  maxBatch?: number
  /** The most reports waiting; past it a report is refused at once (the route's 503). */
  maxQueue?: number
}

/** A view's reports more than this apart are two views (a page restored days later is a new view anyway). */
export const VIEW_LOOKBACK_HOURS = 48
const VIEW_LOCK_CLASS = 7_745_001
const RETRYABLE = new Set(['40P01', '40001'])
/** "no partition of relation … found for row" */
const NO_PARTITION = '23514'

export class QueueFull extends Error {
  override name = 'QueueFull'
}

/** The key columns of each rollup table, in the order rows are written. */
const KEYS: Record<RollupTable, { name: string; type: string }[]> = {
  telemetry_hours: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'client', type: 'text' },
    { name: 'hour', type: 'timestamptz' },
  ],
  telemetry_days: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'client', type: 'text' },
    { name: 'day', type: 'date' },
  ],
  telemetry_series: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'step', type: 'text' },
    { name: 'at', type: 'timestamptz' },
  ],
  telemetry_splits: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'day', type: 'date' },
    { name: 'client', type: 'text' },
    { name: 'os', type: 'text' },
    { name: 'engine', type: 'text' },
    { name: 'engine_major', type: 'integer' },
    { name: 'app_version', type: 'text' },
    { name: 'cohort', type: 'text' },
    { name: 'via', type: 'text' },
  ],
  telemetry_sources: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'source', type: 'smallint' },
  ],
  telemetry_cohort_sources: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'cohort', type: 'text' },
    { name: 'at', type: 'timestamptz' },
    { name: 'source', type: 'smallint' },
  ],
  telemetry_problems: [
    { name: 'route', type: 'text' },
    { name: 'release', type: 'text' },
    { name: 'day', type: 'date' },
    { name: 'kind', type: 'text' },
    { name: 'grp', type: 'text' },
  ],
}

const TOTALS = [
  'views',
  'error_views',
  'never_ready_views',
  'audio_views',
  'audio_fail_views',
  'head_views',
  'dropped',
  'lost',
  ...columnsOf(HOURS_METRICS),
]
const COUNTS: Record<RollupTable, string[]> = {
  telemetry_hours: TOTALS,
  telemetry_days: TOTALS,
  telemetry_series: ['views', 'error_views', 'never_ready_views', ...SERIES_COLUMNS],
  telemetry_splits: ['views', 'error_views', 'never_ready_views'],
  telemetry_sources: ['views', 'error_views', 'never_ready_views'],
  telemetry_cohort_sources: ['views', 'error_views', 'never_ready_views'],
  telemetry_problems: ['views'],
}

/**
 * The upsert of a rollup table from one JSON parameter (an array of changes): each count column adds,
 * `first_at` / `last_at` widen, a problem group keeps the texts of its latest report.
 */
function upsertSql(table: RollupTable): string {
  const keys = KEYS[table]
  const counts = COUNTS[table]
  const timed = TIMED.has(table)
  const texts = table === 'telemetry_problems'
  const recordColumns = [
    ...keys.map((k) => `${k.name} ${k.type}`),
    'add jsonb',
    ...(timed ? ['first_at timestamptz', 'last_at timestamptz'] : []),
    ...(texts ? ['message text', 'file text', 'frame text', 'endpoint text', 'status integer'] : []),
  ]
  // The sources tables keep their histograms as arrays: built from the change's bucket columns, added element by element.
  const arrays = table === 'telemetry_sources' || table === 'telemetry_cohort_sources' ? SOURCES_METRICS : []
  const columns = [
    ...keys.map((k) => k.name),
    ...(timed ? ['first_at', 'last_at'] : []),
    ...(texts ? ['message', 'file', 'frame', 'endpoint', 'status'] : []),
    ...counts,
    ...arrays,
  ]
  const values = [
    ...keys.map((k) => `r.${k.name}`),
    // A change that only takes a view out has no times: ±infinity leave the row's own.
    ...(timed ? [`coalesce(r.first_at, 'infinity')`, `coalesce(r.last_at, '-infinity')`] : []),
    ...(texts ? [`coalesce(r.message, '')`, 'r.file', 'r.frame', 'r.endpoint', 'r.status'] : []),
    ...counts.map((c) => `coalesce((r.add->>'${c}')::integer, 0)`),
    ...arrays.map(
      (metric) =>
        `ARRAY[${histogramColumns(metric)
          .map((c) => `coalesce((r.add->>'${c}')::integer, 0)`)
          .join(', ')}]`,
    ),
  ]
  const updates = [
    ...(timed ? ['first_at = least(t.first_at, excluded.first_at)', 'last_at = greatest(t.last_at, excluded.last_at)'] : []),
    ...(texts
      ? ['message', 'file', 'frame', 'endpoint', 'status'].map(
          (c) => `${c} = CASE WHEN excluded.last_at >= t.last_at THEN excluded.${c} ELSE t.${c} END`,
        )
      : []),
    ...counts.map((c) => `${c} = t.${c} + excluded.${c}`),
    ...arrays.map((c) => `${c} = (SELECT array_agg(a + b ORDER BY i) FROM unnest(t.${c}, excluded.${c}) WITH ORDINALITY AS u(a, b, i))`),
  ]
  const keyList = keys.map((k) => k.name).join(', ')
  return `INSERT INTO ${table} AS t (${columns.join(', ')})
SELECT ${values.join(', ')}
FROM jsonb_to_recordset($1::jsonb) AS r(${recordColumns.join(', ')})
ORDER BY ${keys.map((k) => `r.${k.name}`).join(', ')}
ON CONFLICT (${keyList}) DO UPDATE SET ${updates.join(', ')}`
}

const UPSERTS = Object.fromEntries((Object.keys(KEYS) as RollupTable[]).map((table) => [table, upsertSql(table)])) as Record<
  RollupTable,
  string
>

const RAW_COLUMNS = [
  'received_at',
  'view_at',
  'route',
  'release',
  'client',
  'os',
  'app_version',
  'engine',
  'engine_major',
  'cohort',
  'via',
  'source',
  'sample',
  'view',
  'seq',
  'final',
  'head',
  'nav',
  'ready',
  'audio_tried',
  'ttfb',
  'fcp',
  'lcp',
  'inp',
  'cls',
  'has_error',
  'has_audio_failure',
  'problems',
  'dropped',
  'lost',
] as const satisfies readonly (keyof StoredReport)[]

const INSERT_RAW = `INSERT INTO telemetry_reports (${RAW_COLUMNS.join(', ')})
SELECT ${RAW_COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::telemetry_reports, $1::jsonb)`

const LATEST = `SELECT DISTINCT ON (view) ${RAW_COLUMNS.join(', ')} FROM telemetry_reports
WHERE view = ANY($1::text[]) AND received_at >= $2
ORDER BY view, seq DESC, received_at DESC`

const LOCK_VIEWS = `SELECT pg_advisory_xact_lock(${VIEW_LOCK_CLASS}, h)::text AS locked
FROM (SELECT DISTINCT hashtext(v) AS h FROM unnest($1::text[]) AS v ORDER BY 1) AS views`

/** The rows of `changes` worth writing, as the JSON the upserts read. */
function changeRows(table: RollupTable, changes: Map<string, RowChange>): unknown[] {
  const rows: unknown[] = []
  for (const change of changes.values()) {
    const add = Object.fromEntries(Object.entries(change.add).filter(([, n]) => n !== 0))
    if (Object.keys(add).length === 0 && !(TIMED.has(table) && change.lastAt)) continue
    rows.push({ ...change.key, add, first_at: change.firstAt, last_at: change.lastAt, ...change.texts })
  }
  return rows
}

/** A stored row as read back (timestamps as Date or string, problems parsed). */
function normalise(row: Record<string, unknown>): StoredReport {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString())
  const problems =
    typeof row.problems === 'string' ? (JSON.parse(row.problems) as StoredReport['problems']) : (row.problems as StoredReport['problems'])
  return { ...(row as unknown as StoredReport), received_at: iso(row.received_at), view_at: iso(row.view_at), problems }
}

/**
 * Writes `rows` (reports already admitted) in one transaction: locks their views, reads each view's
 * latest report, appends the rows, and applies the rollups' changes.
 */
export async function writeBatch(db: Db, rows: readonly StoredReport[], now = new Date()): Promise<void> {
  const views = [...new Set(rows.map((r) => r.view))]
  const attempt = () =>
    db.transaction(async (tx) => {
      await tx.query(LOCK_VIEWS, [views])
      const latest = new Map<string, StoredReport>()
      const since = new Date(now.getTime() - VIEW_LOOKBACK_HOURS * 3_600_000)
      for (const row of await tx.query<Record<string, unknown>>(LATEST, [views, since])) {
        const stored = normalise(row)
        latest.set(stored.view, stored)
      }
      const changes: Changes = emptyChanges()
      const kept: StoredReport[] = []
      // In order of seq within the batch: a view's two reports in one batch count as its later one.
      for (const incoming of [...rows].sort((a, b) => a.seq - b.seq)) {
        const previous = latest.get(incoming.view)
        // The view counts in the minute, hour and day of its first report, and from the source of its first report.
        const row: StoredReport = previous ? { ...incoming, view_at: previous.view_at, source: previous.source } : incoming
        kept.push(row)
        if (previous && previous.seq >= row.seq) continue
        if (previous) addView(changes, previous, -1)
        addView(changes, row, 1)
        latest.set(row.view, row)
      }
      await insertRaw(tx, kept)
      for (const table of Object.keys(KEYS) as RollupTable[]) {
        const json = changeRows(table, changes[table])
        if (json.length > 0) await tx.query(UPSERTS[table], [JSON.stringify(json)])
      }
    })
  for (let tries = 1; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code && RETRYABLE.has(code) && tries < 5) continue
      throw error
    }
  }
}

/** Appends the raw rows, making the partition of their day first if it is missing (a clock ahead of the maintenance). */
async function insertRaw(tx: Queryable, rows: readonly StoredReport[]): Promise<void> {
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(RAW_COLUMNS.map((c) => [c, row[c]]))))
  try {
    await tx.query('SAVEPOINT raw')
    await tx.query(INSERT_RAW, [json])
    await tx.query('RELEASE SAVEPOINT raw')
  } catch (error) {
    if ((error as { code?: string }).code !== NO_PARTITION) throw error
    await tx.query('ROLLBACK TO SAVEPOINT raw')
    const times = rows.map((r) => new Date(r.received_at).getTime())
    await ensurePartitions(tx, new Date(Math.min(...times)), new Date(Math.max(...times)))
    await tx.query(INSERT_RAW, [json])
  }
}

/** Counts reports not counted, by reason, in the hour of `at`. */
export async function countNotCounted(q: Queryable, reason: string, n: number, at = new Date()): Promise<void> {
  if (n <= 0) return
  await q.query(
    `INSERT INTO telemetry_not_counted (hour, reason, n) VALUES (date_trunc('hour', $1::timestamptz), $2, $3)
     ON CONFLICT (hour, reason) DO UPDATE SET n = telemetry_not_counted.n + excluded.n`,
    [at, reason, n],
  )
}

interface Waiting {
  pending: Pending
  resolve: (outcome: Outcome) => void
  reject: (error: unknown) => void
}

/**
 * The queue in front of writeBatch: `write` resolves with what became of the report once its batch is
 * done. One batch at a time per instance; reports arriving meanwhile wait for the next.
 */
export class BatchWriter {
  private queue: Waiting[] = []
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private readonly flushMs: number
  private readonly maxBatch: number
  private readonly maxQueue: number

  constructor(
    private readonly db: Db,
    private readonly options: WriterOptions,
  ) {
    this.flushMs = options.flushMs ?? 20
    this.maxBatch = options.maxBatch ?? 500
    this.maxQueue = options.maxQueue ?? 20_000
  }

  write(pending: Pending): Promise<Outcome> {
    if (this.queue.length >= this.maxQueue) return Promise.reject(new QueueFull('too many field reports waiting'))
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ pending, resolve, reject })
      if (this.queue.length >= this.maxBatch) this.kick(0)
      else this.kick(this.flushMs)
    })
  }

  /** Resolves once every report written so far is done. */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.running || this.timer) {
      if (this.timer) this.kick(0)
      await (this.running ?? new Promise((r) => setTimeout(r, 1)))
    }
  }

  private kick(delay: number): void {
    if (this.running) return
    if (this.timer && delay > 0) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.running = this.drain().finally(() => {
        this.running = null
        if (this.queue.length > 0) this.kick(0)
      })
    }, delay)
  }

  private async drain(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch)
    try {
      const outcomes = await this.admit(batch.map((w) => w.pending))
      const stored = batch.filter((_, i) => outcomes[i] === 'stored').map((w) => w.pending.row)
      if (stored.length > 0) await writeBatch(this.db, stored)
      await this.countRefused(outcomes)
      batch.forEach((w, i) => w.resolve(outcomes[i]!))
    } catch (error) {
      for (const w of batch) w.reject(error)
    }
  }

  /** What may be stored: nothing below the disk's reserve; a source's reports up to its budget for the day. */
  private async admit(pending: readonly Pending[]): Promise<Outcome[]> {
    if (await this.options.belowReserve()) return pending.map(() => 'disk-reserve')
    const bytesBySource = new Map<string, number>()
    for (const p of pending) bytesBySource.set(p.budgetKey, (bytesBySource.get(p.budgetKey) ?? 0) + p.bytes)
    const keys = [...bytesBySource.keys()]
    const day = pending[0]!.row.received_at.slice(0, 10)
    const rows = await this.db.query<{ source: string; bytes: string | number }>(
      'SELECT source, bytes FROM telemetry_budget WHERE day = $1 AND source = ANY($2::text[])',
      [day, keys],
    )
    const used = new Map(rows.map((r) => [r.source, Number(r.bytes)]))
    const outcomes: Outcome[] = []
    const admitted = new Map<string, number>()
    for (const p of pending) {
      const total = (used.get(p.budgetKey) ?? 0) + p.bytes
      if (total > this.options.sourceBudgetBytes) {
        outcomes.push('over-budget')
        continue
      }
      used.set(p.budgetKey, total)
      admitted.set(p.budgetKey, (admitted.get(p.budgetKey) ?? 0) + p.bytes)
      outcomes.push('stored')
    }
    if (admitted.size > 0) {
      const json = JSON.stringify(
        [...admitted.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([source, bytes]) => ({ source, bytes })),
      )
      await this.db.query(
        `INSERT INTO telemetry_budget (day, source, bytes)
         SELECT $1::date, r.source, r.bytes FROM jsonb_to_recordset($2::jsonb) AS r(source text, bytes bigint)
         ON CONFLICT (day, source) DO UPDATE SET bytes = telemetry_budget.bytes + excluded.bytes`,
        [day, json],
      )
    }
    return outcomes
  }

  private async countRefused(outcomes: readonly Outcome[]): Promise<void> {
    for (const reason of ['over-budget', 'disk-reserve'] as const) {
      await countNotCounted(this.db, reason, outcomes.filter((o) => o === reason).length)
    }
  }
}
