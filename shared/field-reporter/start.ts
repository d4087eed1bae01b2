/**
 * The field reporter (docs/telemetry.md): the HTML's capture script loads it once the page's code has
 * started and the browser is idle (scripts/build/telemetry/capture-script.ts), a file of its own apart
 * from the page's chunks. It takes over the page's queue (shared/telemetry/early.ts: what was recorded
 * before it, and everything after), measures the vitals, and sends the view's report (view.ts) as the
 * page is hidden or left, or at once for a fatal problem. Everything it does is caught: a reporter that
 * fails costs the report, never the page.
 */
import { PROBLEM_KINDS } from '../../common/telemetry/report'
import { resolveApiBase } from '../config/api-hosts'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '../telemetry/early'
import { READY_AT_PAINT_ATTRIBUTE, REPORTER_TEMPLATE, ROUTE_ATTRIBUTE } from '../telemetry/loader'
import { sendBeacon } from './beacon'
import { reportBody, type PageFacts } from './build-report'
import { describeClient } from '../../common/telemetry/client'
import { watchVitals } from './vitals'
import { openView, stepView, type Beacon, type ViewEvent, type ViewState } from './view'

/**
 * A random id of a view (not of a user or a device): a random integer of [2^52, 2^53) in base 36, always
 * 11 characters (36^10 < 2^52), which the schema's `[0-9a-z]{8,32}` takes.
 */
const newViewId = () => (2 ** 52 * (1 + Math.random())).toString(36)

/**
 * An entry of the queue as early.ts records it; anything else (a problem of a kind the schema does not
 * know, an event that is the reporter's own) is left out. A time that is not a number is read as 0 (ms.ts).
 */
const isEntry = (entry: unknown): entry is TelemetryEntry => {
  const e = entry as { type?: unknown; problem?: { kind?: unknown } } | null
  return e?.type === 'problem' ? PROBLEM_KINDS.includes(e.problem?.kind as never) : e?.type === 'ready' || e?.type === 'audio'
}

/** Starts reporting this page's views. `sample`: the share of views the build reports (VITE_TELEMETRY_SAMPLE). */
export function startReporter(sample: number): void {
  const template = document.getElementById(REPORTER_TEMPLATE)
  const route = template?.getAttribute(ROUTE_ATTRIBUTE)
  if (!route) return
  const atPaint = template!.hasAttribute(READY_AT_PAINT_ATTRIBUTE)
  // The release of the HTML that ran (the build's `<meta name="kids-release">`), `dev` without one.
  const release = document.querySelector('meta[name="kids-release"]')?.getAttribute('content') ?? ''
  const page: PageFacts = {
    route,
    release: /^[0-9a-f]{6,40}$/.test(release) ? release : 'dev',
    sample,
    ...describeClient(navigator.userAgent, navigator.maxTouchPoints),
  }
  const url = `${resolveApiBase(location.hostname, location.origin)}/v1/telemetry`
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  const nav = navigation?.type
  const state: ViewState = openView(newViewId(), nav === 'navigate' || nav === 'reload' || nav === 'back_forward' ? nav : 'other')
  /**
   * Steps the view through `events`, then sends the last beacon one of them asked for (carrying them all).
   * A page with no load cycle is ready at its first paint: that comes first, so an error after it is not fatal.
   */
  const dispatch = (...events: ViewEvent[]) => {
    try {
      const measured = vitals.read()
      // Each time: the view takes its first ready only, and a restored view has no FCP.
      if (atPaint && measured.fcp !== null) events.unshift({ type: 'ready', at: measured.fcp })
      let beacon: Beacon | null = null
      for (const event of events) beacon = stepView(state, event) ?? beacon
      if (beacon) sendBeacon(url, reportBody(state, beacon, page, measured))
    } catch {
      // lost: this report, never the page
    }
  }
  const take = (entries: unknown[]) => dispatch(...entries.filter(isEntry))

  const vitals = watchVitals(navigation, () => dispatch({ type: 'measured' }))
  // What was recorded before the reporter came, in the order it happened, and every later push.
  const w = window as unknown as Record<string, unknown>
  const queue = w[TELEMETRY_QUEUE_GLOBAL]
  take(Array.isArray(queue) ? (queue as unknown[]) : [])
  w[TELEMETRY_QUEUE_GLOBAL] = { push: (...entries: unknown[]) => take(entries) }

  const hidden = () => dispatch({ type: 'hidden' })
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hidden(), true)
  addEventListener('pagehide', hidden, true)
  addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return
      vitals.restore(event.timeStamp)
      dispatch({ type: 'restored', view: newViewId(), at: event.timeStamp })
    },
    true,
  )
  // Loaded while the page is in the background: its view so far goes now.
  if (document.visibilityState === 'hidden') hidden()
}
