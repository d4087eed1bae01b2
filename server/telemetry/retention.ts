/**
 * Field reports are kept `TELEMETRY_RETENTION_DAYS` (default 30: the longest window release health reads,
 * `since` ≤ 720 hours, so a page's release can be compared with the one before it a month later, and no
 * longer). Every instance runs the maintenance (partitions.ts) at start and every hour: the next days'
 * partitions made, the old ones dropped whole, the rollups' old rows deleted; at its first start after
 * migration 009 it also feeds the old table's reports through the storage path (backfill.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db'
import { backfillOldReports } from './backfill'
import { maintainTelemetry } from './partitions'

export const DEFAULT_RETENTION_DAYS = 30
const SWEEP_MS = 3600_000

/** `TELEMETRY_RETENTION_DAYS` (a whole number of days ≥ 1), else the default. */
export function retentionDaysFromEnv(value = process.env.TELEMETRY_RETENTION_DAYS): number {
  const days = Number(value)
  return value && Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS
}

export function scheduleTelemetryMaintenance(app: FastifyInstance, db: Db, days: number): void {
  const sweep = () =>
    maintainTelemetry(db, days)
      .then(() => backfillOldReports(db))
      .catch((err: unknown) => app.log.warn({ err }, 'field report maintenance failed'))
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    // The partitions of today must exist before the first report: awaited (a failure is logged, not fatal).
    await sweep()
    timer = setInterval(() => void sweep(), SWEEP_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
