/**
 * A view's state as the report the server takes (common/telemetry/report.ts, docs/telemetry.md), and
 * its body within TELEMETRY_MAX_BYTES. Pure.
 */
import { TELEMETRY_MAX_BYTES, TELEMETRY_VERSION, type Problem, type TelemetryReport, type Vitals } from '../../common/telemetry/report'
import type { ClientDescription } from './client'
import type { Beacon, ViewState } from './view'

/** What a report says of the page and the build, the same for every view of the document. */
export interface PageFacts extends ClientDescription {
  route: string
  release: string
  sample: number
}

/** The report of `state` for `beacon`, with the vitals measured so far (the machine's own fields left out). */
export function buildReport(state: ViewState, beacon: Beacon, page: PageFacts, vitals: Vitals): TelemetryReport {
  const { status: _status, start: _start, fatalSent: _fatalSent, ...view } = state
  return { v: TELEMETRY_VERSION, ...page, ...view, ...beacon, vitals }
}

/** UTF-8 bytes of `text` (a Chinese message takes three a character). */
const bytes = (text: string) => new Blob([text]).size

/**
 * The report as the beacon's body: JSON of at most TELEMETRY_MAX_BYTES, the last problems left out (and
 * counted in `dropped`) when 30 long messages would not fit.
 */
export function reportBody(report: TelemetryReport): string {
  let body = JSON.stringify(report)
  const problems: Problem[] = report.problems.slice()
  let dropped = report.dropped
  while (problems.length > 0 && bytes(body) > TELEMETRY_MAX_BYTES) {
    dropped += problems.pop()!.count
    body = JSON.stringify({ ...report, problems, dropped: Math.min(dropped, 100_000) })
  }
  return body
}
