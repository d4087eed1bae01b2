/** A field report as the server keeps it: below both the sink and the table's repository, which share it. */
import type { TelemetryReport } from '../../common/telemetry/report'

/** A report as it is kept: what the page sent, and when it arrived. */
export interface ReceivedReport {
  report: TelemetryReport
  received: Date
}
