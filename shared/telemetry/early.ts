/**
 * What a page learns about its view before the field reporter has loaded (it loads after the first
 * screen, docs/telemetry.md): problems, the moment it became ready, that it tried to play audio. Every
 * part of a page records here, the HTML's inline scripts (the first screen's painter) as well as the
 * page's code: each entry goes onto an array on `window`, and the reporter, once loaded, takes what is
 * there and replaces `push` with its own, so nothing recorded before or after it is lost.
 * React-free and tiny: the head scripts bundle it. Never throws.
 */
import type { Problem } from '../../common/telemetry/report'

/** The array on `window` (a page and its inline scripts are built apart: the name is written once, here). */
export const TELEMETRY_QUEUE_GLOBAL = '__kidsTelemetry'

/** A problem as recorded: the reporter counts repeats and stamps the first time. */
export type NewProblem = Omit<Problem, 'count' | 'at'>

/**
 * One thing recorded, with when (`performance.now()`, ms since the navigation started). `hidden` is the
 * HTML head's alone: the page is about to be left before its load event, when WebKit fires no pagehide
 * (scripts/build/telemetry/capture.es5.js).
 */
export type TelemetryEntry =
  { type: 'problem'; problem: NewProblem; at: number } | { type: 'ready'; at: number } | { type: 'audio'; at: number } | { type: 'hidden' }

function record(entry: TelemetryEntry): void {
  try {
    const w = window as unknown as Record<string, { push(entry: TelemetryEntry): unknown } | undefined>
    ;(w[TELEMETRY_QUEUE_GLOBAL] ??= [] as TelemetryEntry[]).push(entry)
  } catch {
    // Outside a browser, or a page whose window cannot be written: nothing to report to.
  }
}

const now = () => (typeof performance === 'undefined' ? 0 : performance.now())

/** Records a problem of this view (docs/telemetry.md "Problems"); the reporter scrubs it before sending. */
export function recordProblem(problem: NewProblem): void {
  record({ type: 'problem', problem, at: now() })
}

/**
 * Records that the page's data is visible with no loading overlay over it (the bench's ready). Call it in
 * the first frame that shows it; only the first call of a view counts.
 */
export function markReady(): void {
  record({ type: 'ready', at: now() })
}

/** Records that the view played or tried to play audio (the denominator of the audio failure rate). */
export function markAudioTried(): void {
  record({ type: 'audio', at: now() })
}
