/** telemetry_reports: appended on arrival, deleted past the retention, read by release health. */
import { API_ERROR_STATUSES, AUDIO_KINDS, ERROR_KINDS, type Problem, type TelemetryReport } from '../../common/telemetry/report'
import type { Db } from '../db/db'
import type { ReceivedReport } from './received-report'

/** A problem that makes its view one "with an error" (docs/telemetry.md "Problems"). */
export function isErrorProblem(problem: Problem): boolean {
  if (ERROR_KINDS.includes(problem.kind)) return true
  if (problem.kind !== 'api') return false
  const status = problem.status ?? 0
  return status === 0 || status >= 500 || API_ERROR_STATUSES.includes(status)
}

const hasError = (report: TelemetryReport) => report.problems.some(isErrorProblem)
const hasAudioFailure = (report: TelemetryReport) => report.problems.some((p) => AUDIO_KINDS.includes(p.kind))

export async function insertReport(db: Db, { report: r, received }: ReceivedReport): Promise<void> {
  await db.query(
    `INSERT INTO telemetry_reports (received_at, route, release, client, os, app_version, engine, engine_major, sample,
       view, seq, final, nav, ready, audio_tried, ttfb, fcp, lcp, inp, cls, has_error, has_audio_failure, problems, dropped)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23::jsonb, $24)`,
    [
      received,
      r.route,
      r.release,
      r.client,
      r.os,
      r.appVersion,
      r.engine,
      r.engineMajor,
      r.sample,
      r.view,
      r.seq,
      r.final,
      r.nav,
      r.ready,
      r.audioTried,
      r.vitals.ttfb,
      r.vitals.fcp,
      r.vitals.lcp,
      r.vitals.inp,
      r.vitals.cls,
      hasError(r),
      hasAudioFailure(r),
      JSON.stringify(r.problems),
      r.dropped,
    ],
  )
}

/** Rows deleted per statement: a sweep never holds a long transaction over a large table. */
const DELETE_BATCH = 5_000

/**
 * Deletes the reports older than `days`, oldest first, a batch at a time. Any instance may run it at
 * any moment, several at once: two deleting the same batch only wait on each other's row locks.
 * Returns how many rows it deleted.
 */
export async function deleteReportsOlderThan(db: Db, days: number): Promise<number> {
  let total = 0
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM telemetry_reports WHERE id IN (
           SELECT id FROM telemetry_reports WHERE received_at < now() - $1 * interval '1 day'
           ORDER BY received_at LIMIT $2 FOR UPDATE SKIP LOCKED
         ) RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      [days, DELETE_BATCH],
    )
    const n = rows[0]!.n
    total += n
    if (n < DELETE_BATCH) return total
  }
}
