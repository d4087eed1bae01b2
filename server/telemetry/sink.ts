/**
 * Where field reports go: the one place to plug another store (docs/telemetry.md "Past one PostgreSQL").
 * The reference server keeps them in its own database (`databaseSink`: batch-writer.ts, the raw reports by
 * day and the rollups release health reads).
 *
 * At volume, another sink implements `TelemetrySink` and is passed as `buildApp({ telemetrySink })`:
 * - an OpenTelemetry collector: `write` sends each row as an OTLP log record (its fields as attributes,
 *   `received_at` as the time) to the collector's `/v1/logs`, batched;
 * - ClickHouse: `write` inserts the rows into a MergeTree table of the same columns partitioned by day
 *   with a TTL for the retention, and materialized views (SummingMergeTree) keep the same rollups; a
 *   health endpoint over them answers the same `HealthReply` (common/telemetry/health.ts), which
 *   `npm run health` and the deploy's watch read at `--health <url>`.
 * Wrap it with `teeSink(databaseSink(…), yours)` to keep `GET /ops/release-health` answering meanwhile.
 */
import type { Db } from '../db/db'
import { BatchWriter, type Outcome, type Pending, type WriterOptions } from './batch-writer'

/** What a sink is given: the row to keep (stored-report.ts), its body's size and its source's budget key. */
export type ReceivedReport = Pending
export type { Outcome }

export interface TelemetrySink {
  /** Keeps the report; resolves once it is kept (the reply waits for it) with what became of it, rejects if it cannot be. */
  write(report: ReceivedReport): Promise<Outcome>
  /** Resolves once every report written so far is kept (tests, shutdown). */
  idle(): Promise<void>
}

/** The default: the server's database, in batches. */
export function databaseSink(db: Db, options: WriterOptions): TelemetrySink {
  const writer = new BatchWriter(db, options)
  return { write: (report) => writer.write(report), idle: () => writer.idle() }
}

/** Writes to every sink; fails when any fails; the first sink's outcome is the answer. */
export const teeSink = (first: TelemetrySink, ...others: TelemetrySink[]): TelemetrySink => ({
  write: async (report) => (await Promise.all([first, ...others].map((sink) => sink.write(report))))[0]!,
  idle: async () => {
    await Promise.all([first, ...others].map((sink) => sink.idle()))
  },
})
