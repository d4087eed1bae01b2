/**
 * Field reports are kept `TELEMETRY_RETENTION_DAYS` (default 30: the longest window release health
 * reads, `since` ≤ 720 hours, so a page's release can be compared with the one before it a month
 * later, and no longer). Every instance sweeps at start and every hour; the sweep is safe to run on
 * several at once (reports-repository.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db'
import { deleteReportsOlderThan } from './reports-repository'

export const DEFAULT_RETENTION_DAYS = 30
const SWEEP_MS = 3600_000

/** `TELEMETRY_RETENTION_DAYS` (a whole number of days ≥ 1), else the default. */
export function retentionDaysFromEnv(value = process.env.TELEMETRY_RETENTION_DAYS): number {
  const days = Number(value)
  return value && Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS
}

export function scheduleTelemetryRetention(app: FastifyInstance, db: Db, days: number): void {
  const sweep = () => deleteReportsOlderThan(db, days).catch((err: unknown) => app.log.warn({ err }, 'deleting old field reports failed'))
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', () => {
    void sweep()
    timer = setInterval(() => void sweep(), SWEEP_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
