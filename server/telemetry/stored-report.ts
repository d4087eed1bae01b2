/**
 * A field report as the server keeps it (a row of `telemetry_reports`, migration 009): what the page
 * sent, the client description of a head report filled from its user agent (read, never kept), when it
 * arrived, and the keyed bucket of its sender's address. Pure.
 */
import { describeClient } from '../../common/telemetry/client'
import {
  API_ERROR_STATUSES,
  AUDIO_KINDS,
  ERROR_KINDS,
  type HeadReport,
  type Problem,
  type ProblemKind,
  type TelemetryReport,
} from '../../common/telemetry/report'

/** A report as the collector receives it: either shape the schema takes. */
export type IncomingReport = TelemetryReport | HeadReport

export const isHeadReport = (report: IncomingReport): report is HeadReport => 'head' in report && report.head === true

/** A row of `telemetry_reports` (snake case: the columns). */
export interface StoredReport {
  received_at: string
  view_at: string
  route: string
  release: string
  client: string
  os: string
  app_version: string | null
  engine: string
  engine_major: number | null
  cohort: string | null
  via: string | null
  source: number
  sample: number
  view: string
  seq: number
  final: boolean
  head: boolean
  nav: string
  ready: number | null
  audio_tried: boolean
  ttfb: number | null
  fcp: number | null
  lcp: number | null
  inp: number | null
  cls: number | null
  has_error: boolean
  has_audio_failure: boolean
  problems: Problem[]
  dropped: number
  lost: number
}

/** A problem that makes its view one "with an error" (docs/telemetry.md "Problems"); an `api` problem of a head report has no status and is not one. */
export function isErrorProblem(problem: { kind: ProblemKind; status?: number }): boolean {
  if (ERROR_KINDS.includes(problem.kind)) return true
  if (problem.kind !== 'api' || problem.status === undefined) return false
  return problem.status === 0 || problem.status >= 500 || API_ERROR_STATUSES.includes(problem.status)
}

/** The row of `report`, received at `received` from a sender in source bucket `source` with user agent `userAgent`. */
export function storedReport(report: IncomingReport, received: Date, source: number, userAgent: string): StoredReport {
  const at = received.toISOString()
  const problems: Problem[] = isHeadReport(report)
    ? report.problems.map((p) => ({
        kind: p.kind,
        message: '',
        ...(p.status !== undefined ? { status: p.status } : {}),
        count: p.count,
        at: p.at,
      }))
    : report.problems
  const common = {
    received_at: at,
    view_at: at,
    route: report.route,
    release: report.release,
    source,
    sample: report.sample,
    view: report.view,
    seq: report.seq,
    nav: report.nav,
    ready: report.ready,
    has_error: problems.some(isErrorProblem),
    has_audio_failure: problems.some((p) => AUDIO_KINDS.includes(p.kind)),
    problems,
    dropped: report.dropped,
  }
  if (isHeadReport(report)) {
    const client = describeClient(userAgent)
    return {
      ...common,
      client: client.client,
      os: client.os,
      app_version: client.appVersion,
      engine: client.engine,
      engine_major: client.engineMajor,
      cohort: report.cohort ?? null,
      via: report.via ?? null,
      final: true,
      head: true,
      audio_tried: false,
      ttfb: null,
      fcp: null,
      lcp: null,
      inp: null,
      cls: null,
      lost: 0,
    }
  }
  return {
    ...common,
    client: report.client,
    os: report.os,
    app_version: report.appVersion,
    engine: report.engine,
    engine_major: report.engineMajor,
    cohort: report.cohort ?? null,
    via: report.via ?? null,
    final: report.final,
    head: false,
    audio_tried: report.audioTried,
    ttfb: report.vitals.ttfb,
    fcp: report.vitals.fcp,
    lcp: report.vitals.lcp,
    inp: report.vitals.inp,
    cls: report.vitals.cls,
    lost: report.lost ?? 0,
  }
}
