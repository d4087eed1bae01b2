/**
 * `POST /v1/telemetry` (docs/contracts/api.md "Field reports", docs/telemetry.md): a page's report of one
 * view, from the reporter or from the HTML's head (a view left before the reporter took over), sent by
 * `navigator.sendBeacon` as `text/plain` (a CORS-safelisted type: no preflight from the CDN's origin) and
 * read as JSON on this route only; at most 16 KB (413), counted per client address (429, rate-limits.ts),
 * checked against the report's JSON schema (400, nothing kept). A report naming a route or release no
 * deploy made live is answered 204 and not counted (a bounded sample kept: releases.ts); a source past its
 * day's storage budget gets 429, every report while the data disk is below its reserve 503
 * (storage-bounds.ts). Then the sink keeps it (204). No token, no address, no user agent is kept: the
 * address becomes a keyed bucket (source-key.ts), a head report's user agent its client description.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import { headReportSchema, TELEMETRY_MAX_BYTES, telemetryReportSchema } from '../../common/telemetry/report'
import type { Db } from '../db/db'
import { inLane } from '../db/fair-db'
import { ApiError } from '../http/envelope'
import { UNAVAILABLE_MSG } from '../http/error-handler'
import { RATE_LIMITED_MSG } from '../rate-limit/rate-limits'
import { utf8JsonParser } from '../http/utf8-json'
import { countNotCounted, QueueFull } from './batch-writer'
import { keepUnknown, type KnownReleases } from './releases'
import type { TelemetrySink } from './sink'
import type { SourceKeys } from './source-key'
import { storedReport, type IncomingReport } from './stored-report'

/**
 * Fastify's Ajv, but refusing what the schema does not name: the server's default removes unknown
 * properties and goes on, and a report with a field it has no place for (a token, a user id) must be
 * a 400, not a report kept without it.
 */
const strictCompiler = AjvCompiler()({}, { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } })

/** The lane of the collector's database work (db/fair-db.ts): its own, so a flood of reports takes turns with visitors instead of sharing the anonymous lane with share lookups. */
export const TELEMETRY_LANE = 'telemetry'

export interface TelemetryRoutesOptions {
  db: Db
  sink: TelemetrySink
  known: KnownReleases
  sources: SourceKeys
}

/** Seconds until the next UTC day, when a source's budget starts again. */
const untilTomorrow = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000)

export const telemetryRoutes: FastifyPluginAsync<TelemetryRoutesOptions> = async (app, { db, sink, known, sources }) => {
  // This scope only: elsewhere text/plain stays Fastify's plain string (which no schema there takes).
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, utf8JsonParser(app))
  app.setValidatorCompiler(strictCompiler)
  app.post<{ Body: IncomingReport }>(
    '/v1/telemetry',
    {
      bodyLimit: TELEMETRY_MAX_BYTES,
      schema: { body: { oneOf: [telemetryReportSchema, headReportSchema] } },
      config: { clientLimit: 'telemetry' },
    },
    (request, reply) =>
      inLane(TELEMETRY_LANE, async () => {
        const report = request.body
        const received = new Date()
        if (!(await known.isKnown(report.route, report.release))) {
          await keepUnknown(db, received, report.route, report.release, report)
          await countNotCounted(db, 'unknown-release', 1, received)
          return reply.code(204).send()
        }
        const source = await sources.sourceOf(normalizeIP(request.ip), received)
        const row = storedReport(report, received, source.bucket, request.headers['user-agent'] ?? '')
        const bytes = Number(request.headers['content-length']) || JSON.stringify(report).length
        let outcome
        try {
          outcome = await sink.write({ row, bytes, budgetKey: source.budgetKey })
        } catch (error) {
          if (error instanceof QueueFull) throw new ApiError(503, UNAVAILABLE_MSG)
          throw error
        }
        if (outcome === 'over-budget') {
          void reply.header('Retry-After', String(untilTomorrow(received)))
          throw new ApiError(429, RATE_LIMITED_MSG, 'RATE_LIMITED')
        }
        if (outcome === 'disk-reserve') {
          void reply.header('Retry-After', '300')
          throw new ApiError(503, UNAVAILABLE_MSG)
        }
        return reply.code(204).send()
      }),
  )
}
