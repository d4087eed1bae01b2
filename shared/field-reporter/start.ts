/**
 * The field reporter (docs/telemetry.md): the HTML's capture script loads it once the page's code has
 * started and the browser is idle (scripts/build/telemetry/capture.es5.js), a file of its own apart from
 * the page's chunks. It goes on with the view the head keeps (shared/telemetry/loader.ts HeadView: the
 * same id, the next `seq`), takes over the page's queue (shared/telemetry/early.ts: what was recorded
 * before it, and everything after), measures the vitals, and sends the view's report (view.ts) through
 * the head's transport as the page is hidden or left, or at once for a fatal problem. It counts what it
 * had to drop (`lost`). Everything it does is caught: a reporter that fails costs the report, never the page.
 */
import { describeClient } from '../../common/telemetry/client'
import { PROBLEM_KINDS } from '../../common/telemetry/report'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '../telemetry/early'
import { VIEW_GLOBAL, type HeadView } from '../telemetry/loader'
import { reportBody, type PageFacts } from './build-report'
import { hideValuesOf } from './scrub'
import { watchVitals } from './vitals'
import { openView, stepView, type Beacon, type ViewEvent } from './view'

/**
 * An entry of the queue as early.ts records it (`hidden`: the head's, a page left before its load event);
 * anything else (a problem of a kind the schema does not know, an event that is the reporter's own) is
 * left out, and counted as lost. A time that is not a number is read as 0 (ms.ts).
 */
const isEntry = (entry: unknown): entry is TelemetryEntry => {
  const e = entry as { type?: unknown; problem?: { kind?: unknown } } | null
  return e?.type === 'problem' ? PROBLEM_KINDS.includes(e.problem?.kind as never) : /^(ready|audio|hidden)$/.test(e?.type as string)
}

/** Starts reporting this page's views, from the view the HTML's head keeps; nothing without one. */
export function startReporter(): void {
  const w = window as unknown as Record<string, unknown>
  const head = w[VIEW_GLOBAL] as HeadView | undefined
  if (!head) return
  const page: PageFacts = {
    route: head.route,
    release: head.release,
    sample: head.sample,
    ...describeClient(navigator.userAgent, navigator.maxTouchPoints),
    // Read by the head as the page started (the app's host sets them before it).
    cohort: head.cohort,
    via: head.via,
  }
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  // Nothing of the page's own address leaves the phone: as it was loaded, and as it is now.
  hideValuesOf([navigation?.name, location.href])
  const state = Object.assign(openView(head.view, head.nav, head.start), { seq: head.seq, ready: head.ready })
  /**
   * Steps the view through `events`, then sends the last beacon one of them asked for (carrying them all,
   * and what was lost before it). A page with no load cycle is ready at its first paint: that comes
   * first, so an error after it is not fatal.
   */
  const dispatch = (events: ViewEvent[]) => {
    try {
      const measured = vitals.read()
      // Each time: the view takes its first ready only, and a restored view has no FCP.
      if (head.atPaint && measured.fcp !== null) events.unshift({ type: 'ready', at: measured.fcp })
      let beacon: Beacon | null = null
      for (const event of events) beacon = stepView(state, event) ?? beacon
      if (beacon) {
        state.lost = Math.min(100_000, state.lost + head.lost)
        head.lost = 0
        head.send(reportBody(state, beacon, page, measured))
      }
    } catch {
      head.lost++
    }
  }
  const take = (entries: unknown[]) => {
    const taken = entries.filter(isEntry)
    head.lost += entries.length - taken.length
    dispatch(taken)
  }

  const vitals = watchVitals(
    navigation,
    () => head.hidden,
    () => dispatch([{ type: 'measured' }]),
  )
  // A view the head started as a restore, before the reporter came: measured from the restore.
  if (head.start) vitals.restore(head.start)

  const hidden = () => dispatch([{ type: 'hidden' }])
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hidden(), true)
  addEventListener('pagehide', hidden, true)
  // The head's own `pageshow` listener ran first: `head` is the restored view.
  addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return
      vitals.restore(head.start)
      dispatch([{ type: 'restored', view: head.view, at: head.start }])
    },
    true,
  )
  // What was recorded before the reporter came, in the order it happened, and every later push.
  const queue = w[TELEMETRY_QUEUE_GLOBAL]
  w[TELEMETRY_QUEUE_GLOBAL] = { push: (...entries: unknown[]) => take(entries) }
  take(Array.isArray(queue) ? (queue as unknown[]) : [])
  // Loaded while the page is in the background: its view so far goes now.
  if (document.visibilityState === 'hidden') hidden()
}
