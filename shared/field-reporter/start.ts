/**
 * The field reporter (docs/telemetry.md): the HTML's capture script loads it once the page's code has
 * started and the browser is idle (scripts/build/telemetry/capture-script.ts), a file of its own apart
 * from the page's chunks. It takes over the page's queue (shared/telemetry/early.ts: what was recorded before it, and
 * everything after), measures the vitals, and sends the view's report (view.ts) as the page is hidden or
 * left, or at once for a fatal problem. Everything it does is caught: a reporter that fails costs the
 * report, never the page.
 */
import { PROBLEM_KINDS } from '../../common/telemetry/report'
import { resolveApiBase } from '../config/api-hosts'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '../telemetry/early'
import { READY_AT_PAINT_ATTRIBUTE, REPORTER_TEMPLATE, ROUTE_ATTRIBUTE } from '../telemetry/loader'
import { sendBeacon } from './beacon'
import { buildReport, reportBody, type PageFacts } from './build-report'
import { describeClient } from './client'
import { watchVitals } from './vitals'
import { openView, stepView, type Beacon, type ViewEvent, type ViewState } from './view'

/** A random id of a view (not of a user or a device): 16 base-36 characters. */
function newViewId(): string {
  let id = ''
  while (id.length < 16) id += Math.random().toString(36).slice(2)
  return id.slice(0, 16)
}

const navigation = () => performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined

/** When the page's content was first painted (its first contentful paint); null before, or in an engine without paint timing. */
const paintedAt = () => performance.getEntriesByName?.('first-contentful-paint')[0]?.startTime ?? null

/** An entry of the queue as early.ts records it; anything else (a problem of an unknown kind) is left out. */
const isEntry = (entry: unknown): entry is TelemetryEntry => {
  const e = entry as { at?: unknown; type?: unknown; problem?: { kind?: unknown } } | null
  return typeof e?.at === 'number' && (e.type !== 'problem' || PROBLEM_KINDS.includes(e.problem?.kind as never))
}

/** Calls `fn`, swallowing what it throws: the reporter never breaks the page. */
const safe =
  <A extends unknown[]>(fn: (...args: A) => void) =>
  (...args: A) => {
    try {
      fn(...args)
    } catch {
      // lost: this report, not the page
    }
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
  const nav = navigation()?.type
  let state: ViewState = openView(newViewId(), nav === 'navigate' || nav === 'reload' || nav === 'back_forward' ? nav : 'other')
  /** The restored view shows what the view before it showed: ready at its first frame if that one was. */
  let restoredReady = false

  /** Steps the view through `events`, then sends the last beacon one of them asked for (carrying them all). */
  const dispatch = safe((...events: ViewEvent[]) => {
    let beacon: Beacon | null = null
    for (const event of events) {
      const step = stepView(state, event)
      state = step.state
      beacon = step.beacon ?? beacon
    }
    if (beacon) sendBeacon(url, reportBody(buildReport(state, beacon, page, vitals.read())))
  })
  const take = (entries: unknown[]) => dispatch(...entries.filter(isEntry).map((entry): ViewEvent => ({ type: 'recorded', entry })))

  const vitals = watchVitals(
    safe(() => {
      // A page with no load cycle, or a restored one, is ready as it is painted.
      const { fcp } = vitals.read()
      const ready = state.ready === null && fcp !== null && (atPaint || restoredReady) ? [{ type: 'ready', at: state.start + fcp }] : []
      take(ready)
      dispatch({ type: 'measured' })
    }),
  )
  // What was recorded before the reporter came, in the order it happened, and every later push. A page
  // with no load cycle was ready at its first paint: an error after that is not fatal.
  const w = window as unknown as Record<string, unknown>
  const queue = w[TELEMETRY_QUEUE_GLOBAL]
  const painted = atPaint ? paintedAt() : null
  const early = [...(painted === null ? [] : [{ type: 'ready', at: painted }]), ...(Array.isArray(queue) ? (queue as unknown[]) : [])]
  take(early.filter(isEntry).sort((a, b) => a.at - b.at))
  w[TELEMETRY_QUEUE_GLOBAL] = { push: (...entries: unknown[]) => take(entries) }

  const hidden = () => dispatch({ type: 'hidden' })
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hidden(), true)
  addEventListener('pagehide', hidden, true)
  addEventListener(
    'pageshow',
    safe((event: PageTransitionEvent) => {
      if (!event.persisted) return
      restoredReady = state.ready !== null
      dispatch({ type: 'restored', view: newViewId(), at: event.timeStamp })
      vitals.restore(event.timeStamp)
    }),
    true,
  )
  // Loaded while the page is in the background: its view so far goes now.
  if (document.visibilityState === 'hidden') hidden()
}
