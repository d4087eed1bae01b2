/**
 * Where field reports go: the one place to plug another store (docs/server.md "Field reports").
 * The reference server writes them to its own database (`databaseSink`), which release health reads.
 *
 * At volume, another sink implements `TelemetrySink` and is passed as `buildApp({ telemetrySink })`:
 * - an OpenTelemetry collector: `write` sends each report as an OTLP log record (its fields as
 *   attributes, `received` as the time) to the collector's `/v1/logs`, batched;
 * - ClickHouse: `write` inserts the rows into a MergeTree table of the same columns
 *   (`INSERT … FORMAT JSONEachRow` over HTTP), partitioned by day, with a TTL for the retention.
 * Wrap it with `teeSink(databaseSink(db), yours)` to keep `GET /ops/release-health` answering, or
 * point `npm run health` at a health endpoint of your own over that store.
 */
import type { Db } from '../db/db'
import type { ReceivedReport } from './received-report'
import { insertReport } from './reports-repository'

/** What a sink of your own is given. */
export type { ReceivedReport }

export interface TelemetrySink {
  /** Keeps the report; resolves once it is kept (the reply, 204, waits for it), rejects if it cannot be. */
  write(report: ReceivedReport): Promise<void>
}

/** The default: the `telemetry_reports` table of the server's database. */
export const databaseSink = (db: Db): TelemetrySink => ({ write: (received) => insertReport(db, received) })

/** Writes to every sink; fails when any fails. */
export const teeSink = (...sinks: TelemetrySink[]): TelemetrySink => ({
  write: async (received) => {
    await Promise.all(sinks.map((sink) => sink.write(received)))
  },
})
