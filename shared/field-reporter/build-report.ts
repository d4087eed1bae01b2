/**
 * A view's state as the report the server takes (common/telemetry/report.ts, docs/telemetry.md), and
 * its body within TELEMETRY_MAX_BYTES. Pure.
 */
import {
  TELEMETRY_MAX_BYTES,
  TELEMETRY_VERSION,
  type Cohort,
  type TelemetryReport,
  type Via,
  type Vitals,
} from '../../common/telemetry/report'
import type { ClientDescription } from '../../common/telemetry/client'
import type { Beacon, ViewState } from './view'

/** What a report says of the page and the build, the same for every view of the document. */
export interface PageFacts extends ClientDescription {
  route: string
  release: string
  sample: number
  /** From the app's host, as the head read them (shared/telemetry/loader.ts HeadView); null outside a rollout. */
  cohort: Cohort | null
  via: Via | null
}

/** UTF-8 bytes of `text` (a Chinese message takes three a character). */
const bytes = (text: string) => new Blob([text]).size

/**
 * The body of `beacon`'s report of `state`, with the vitals measured so far (the machine's own fields
 * left out): JSON of at most TELEMETRY_MAX_BYTES, the last problems left out (and counted in `dropped`)
 * when 30 long messages would not fit.
 */
export function reportBody(state: ViewState, beacon: Beacon, page: PageFacts, vitals: Vitals): string {
  const { status: _status, start: _start, fatalSent: _fatalSent, ...view } = state
  const report: TelemetryReport = { v: TELEMETRY_VERSION, ...page, ...view, ...beacon, vitals, problems: [...view.problems] }
  let body
  while (bytes((body = JSON.stringify(report))) > TELEMETRY_MAX_BYTES && report.problems.length > 0)
    report.dropped = Math.min(100_000, report.dropped + report.problems.pop()!.count)
  return body
}
