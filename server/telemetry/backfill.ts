/**
 * Migration 009 renamed the reports of before it to `telemetry_reports_v1`; the first start after it
 * feeds them through the storage path (batch-writer.ts: the raw table by day and every rollup), in the
 * order they arrived, then drops the old table. Safe on several instances: one does it under an advisory
 * lock, the others find the table gone.
 */
import type { Problem, TelemetryReport } from '../../common/telemetry/report'
import type { Db } from '../db/db'
import { writeBatch } from './batch-writer'
import { ensurePartitions } from './partitions'
import { storedReport } from './stored-report'

const BACKFILL_LOCK = 7_745_003
const BATCH = 1000

interface OldRow {
  received_at: Date | string
  route: string
  release: string
  client: string
  os: string
  app_version: string | null
  engine: string
  engine_major: number | null
  sample: number
  view: string
  seq: number
  final: boolean
  nav: string
  ready: number | null
  audio_tried: boolean
  ttfb: number | null
  fcp: number | null
  lcp: number | null
  inp: number | null
  cls: number | null
  problems: Problem[] | string
  dropped: number
  id: string | number
}

/** Returns how many old reports it moved (0 when there is no old table). */
export async function backfillOldReports(db: Db): Promise<number> {
  const [exists] = await db.query<{ found: boolean }>(`SELECT to_regclass('telemetry_reports_v1') IS NOT NULL AS found`)
  if (!exists?.found) return 0
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [BACKFILL_LOCK])
    if (!locked?.got) return 0
    const [still] = await tx.query<{ found: boolean }>(`SELECT to_regclass('telemetry_reports_v1') IS NOT NULL AS found`)
    if (!still?.found) return 0
    const [span] = await tx.query<{ first: Date | null; last: Date | null }>(
      'SELECT min(received_at) AS first, max(received_at) AS last FROM telemetry_reports_v1',
    )
    if (span?.first && span.last) await ensurePartitions(tx, new Date(span.first), new Date(span.last))
    let moved = 0
    let after: string | number = 0
    for (;;) {
      const rows: OldRow[] = await tx.query<OldRow>('SELECT * FROM telemetry_reports_v1 WHERE id > $1 ORDER BY id LIMIT $2', [after, BATCH])
      if (rows.length === 0) break
      after = rows.at(-1)!.id
      // Each old row as the report it was (storedReport derives the rest); the old table kept no source:
      // one bucket for all, which the rule can set nothing aside of.
      const stored = rows.map((r) => {
        const problems = typeof r.problems === 'string' ? (JSON.parse(r.problems) as Problem[]) : r.problems
        const report: TelemetryReport = {
          v: 1,
          route: r.route,
          release: r.release,
          client: r.client as TelemetryReport['client'],
          os: r.os as TelemetryReport['os'],
          appVersion: r.app_version,
          engine: r.engine as TelemetryReport['engine'],
          engineMajor: r.engine_major,
          sample: r.sample,
          view: r.view,
          seq: r.seq,
          final: r.final,
          nav: r.nav as TelemetryReport['nav'],
          ready: r.ready,
          audioTried: r.audio_tried,
          vitals: { ttfb: r.ttfb, fcp: r.fcp, lcp: r.lcp, inp: r.inp, cls: r.cls },
          problems,
          dropped: r.dropped,
        }
        return storedReport(report, new Date(r.received_at), 0, '')
      })
      await writeBatch(transactionAsDb(tx, db), stored)
      moved += rows.length
    }
    await tx.query('DROP TABLE telemetry_reports_v1')
    return moved
  })
}

/** writeBatch opens a transaction: inside this one, a savepoint stands for it. */
function transactionAsDb(tx: Parameters<Parameters<Db['transaction']>[0]>[0], db: Db): Db {
  return {
    ...db,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: async (fn) => {
      await tx.query('SAVEPOINT backfill')
      const result = await fn(tx)
      await tx.query('RELEASE SAVEPOINT backfill')
      return result
    },
  }
}
