/**
 * The raw reports' partitions, one a day (UTC), and retention (docs/telemetry.md "Keeping it"): every
 * instance, at start and every hour, makes sure today's and the next two days' partitions exist, drops
 * the partitions wholly older than the retention, and deletes the rollup rows older than it (the minute
 * series after MINUTES_KEPT_HOURS). Safe on several instances at once: the work runs under a
 * transaction-level advisory lock, and each step is idempotent.
 */
import type { Db, Queryable } from '../db/db'

/** The partitions made ahead of the day they hold. */
const DAYS_AHEAD = 2
/** The per-minute series is kept this long (the recent windows it draws). */
export const MINUTES_KEPT_HOURS = 48
const MAINTENANCE_LOCK = 7_745_002

const PARTITION = /^telemetry_reports_(\d{4})(\d{2})(\d{2})$/

/** `telemetry_reports_20261201` for the UTC day of `at`. */
export const partitionName = (at: Date) => `telemetry_reports_${at.toISOString().slice(0, 10).replace(/-/g, '')}`

const dayStart = (at: Date) => new Date(`${at.toISOString().slice(0, 10)}T00:00:00.000Z`)
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000)

/** Makes the partitions of the days from `from` to `to` (UTC, inclusive) that do not exist. */
export async function ensurePartitions(q: Queryable, from: Date, to: Date): Promise<void> {
  for (let day = dayStart(from); day <= to; day = addDays(day, 1)) {
    await q.query(
      `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF telemetry_reports
       FOR VALUES FROM ('${day.toISOString()}') TO ('${addDays(day, 1).toISOString()}')`,
    )
  }
}

/** The partitions that exist, by day. */
export async function partitions(q: Queryable): Promise<{ name: string; day: Date }[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'telemetry_reports'::regclass ORDER BY 1`,
  )
  return rows.flatMap(({ name }) => {
    const m = PARTITION.exec(name)
    return m ? [{ name, day: new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00.000Z`) }] : []
  })
}

export interface MaintenanceResult {
  droppedPartitions: string[]
}

/** One round of maintenance at `now`: partitions ahead, retention behind. */
export async function maintainTelemetry(db: Db, retentionDays: number, now = new Date()): Promise<MaintenanceResult> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MAINTENANCE_LOCK])
    await ensurePartitions(tx, now, addDays(now, DAYS_AHEAD))
    const cutoff = addDays(dayStart(now), -retentionDays)
    const dropped: string[] = []
    for (const { name, day } of await partitions(tx)) {
      // A partition holds [day, day + 1): wholly older than the retention once day + 1 ≤ cutoff.
      if (addDays(day, 1) <= cutoff) {
        await tx.query(`DROP TABLE ${name}`)
        dropped.push(name)
      }
    }
    for (const [table, column] of [
      ['telemetry_hours', 'hour'],
      ['telemetry_days', 'day'],
      ['telemetry_splits', 'day'],
      ['telemetry_problems', 'day'],
      ['telemetry_not_counted', 'hour'],
      // A release's sources go once it has had no report for the retention.
      ['telemetry_sources', 'last_at'],
    ] as const) {
      await tx.query(`DELETE FROM ${table} WHERE ${column} < $1`, [cutoff])
    }
    // A budget counts one day.
    await tx.query('DELETE FROM telemetry_budget WHERE day < $1', [addDays(dayStart(now), -1)])
    await tx.query(`DELETE FROM telemetry_series WHERE step = 'hour' AND at < $1`, [cutoff])
    const minutesCutoff = new Date(now.getTime() - MINUTES_KEPT_HOURS * 3_600_000)
    await tx.query(`DELETE FROM telemetry_series WHERE step = 'minute' AND at < $1`, [minutesCutoff])
    // The cohorts' minutes serve a canary watch (COHORT_FROM_HOURS back at most).
    await tx.query(`DELETE FROM telemetry_cohort_sources WHERE at < $1`, [minutesCutoff])
    return { droppedPartitions: dropped }
  })
}
