/**
 * The field report's JSON schemas (common/telemetry/report.ts) checked as the server checks them: with the
 * Ajv that Fastify brings (8, through @fastify/ajv-compiler), strict, every error listed. A body with
 * `head: true` is the HTML head's own report (HeadReport), judged by its schema; any other by the
 * reporter's. The reporter's unit tests and the journeys that catch its beacons both judge a body by it.
 */
import { createRequire } from 'node:module'
import { headReportSchema, telemetryReportSchema } from '../common/telemetry/report'

interface AjvError {
  instancePath: string
  message?: string
}
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null }
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: unknown): Validate }

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'))
const Ajv = fastifyRequire('ajv') as AjvClass & { default?: AjvClass }
const ajv = new (Ajv.default ?? Ajv)({ allErrors: true, strict: true })
const validateReport = ajv.compile(telemetryReportSchema)
const validateHead = ajv.compile(headReportSchema)

/** The schema's complaints about `body` (a beacon's text or a parsed report); empty when it is valid. */
export function reportErrors(body: unknown): string[] {
  let report = body
  if (typeof body === 'string') {
    try {
      report = JSON.parse(body)
    } catch {
      return ['not JSON']
    }
  }
  const validate = (report as { head?: unknown } | null)?.head === true ? validateHead : validateReport
  return validate(report) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
}
