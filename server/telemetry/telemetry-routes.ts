/**
 * `POST /v1/telemetry` (docs/contracts/api.md "Field reports", docs/telemetry.md): a page's report of one view, sent
 * by `navigator.sendBeacon` as `text/plain` (a CORS-safelisted type: no preflight from the CDN's
 * origin) and read as JSON on this route only; at most 16 KB (413), counted per client address
 * (429, rate-limits.ts), checked against the report's JSON schema (400, nothing kept), then kept by
 * the sink (204). No token, no address, no user agent is kept.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'
import type { FastifyPluginAsync } from 'fastify'
import { TELEMETRY_MAX_BYTES, telemetryReportSchema, type TelemetryReport } from '../../common/telemetry/report'
import { utf8JsonParser } from '../http/utf8-json'
import type { TelemetrySink } from './sink'

/**
 * Fastify's Ajv, but refusing what the schema does not name: the server's default removes unknown
 * properties and goes on, and a report with a field it has no place for (a token, a user id) must be
 * a 400, not a report kept without it.
 */
const strictCompiler = AjvCompiler()({}, { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } })

export const telemetryRoutes: FastifyPluginAsync<{ sink: TelemetrySink }> = async (app, { sink }) => {
  // This scope only: elsewhere text/plain stays Fastify's plain string (which no schema there takes).
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, utf8JsonParser(app))
  app.setValidatorCompiler(strictCompiler)
  app.post<{ Body: TelemetryReport }>(
    '/v1/telemetry',
    { bodyLimit: TELEMETRY_MAX_BYTES, schema: { body: telemetryReportSchema }, config: { clientLimit: 'telemetry' } },
    async (request, reply) => {
      await sink.write({ report: request.body, received: new Date() })
      return reply.code(204).send()
    },
  )
}
