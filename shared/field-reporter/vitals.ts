/**
 * TTFB, FCP, LCP, INP and CLS of a view, measured as Google's `web-vitals` measures them (its
 * definitions and its edge rules, not its code: its five metrics alone weigh 3.3 KB gzipped, over the
 * reporter's whole budget; docs/telemetry.md "Vitals"), from the browser's performance entries, buffered
 * ones included (the reporter loads after the first screen). Null where the engine has no such entry, or
 * where web-vitals drops it: a `responseStart` not between 0 and now (getNavigationEntry.ts), a paint
 * after the page was first hidden (getVisibilityWatcher.ts). Never throws.
 */
import type { Vitals } from '../../common/telemetry/report'
import { ms } from './ms'

export interface VitalsWatch {
  /** The vitals so far, in ms since the view started (CLS unitless). */
  read(): Vitals
  /**
   * A new view from the back-forward cache at `at` (`performance.now()`): TTFB 0 (what web-vitals
   * reports), CLS and INP measured anew, no FCP or LCP (the page comes back painted).
   */
  restore(at: number): void
}

type Entry = PerformanceEntry & { value?: number; hadRecentInput?: boolean; interactionId?: number }

/** Observes entries of `type`, the buffered ones first; false when the engine has none. */
function observe(type: string, handle: (entries: Entry[]) => void, options: Record<string, unknown> = {}): boolean {
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return false
    new PerformanceObserver((list) => handle(list.getEntries() as Entry[])).observe({ type, buffered: true, ...options })
    return true
  } catch {
    return false
  }
}

/**
 * Starts measuring, from the document's navigation entry `nav`. `hiddenAt`: when the page was first
 * hidden (`performance.now()`, 0 when hidden from the start, Infinity while it has not been: the HTML's
 * head watches it from the start). `changed` is called whenever a vital changes.
 */
export function watchVitals(nav: PerformanceNavigationTiming | undefined, hiddenAt: () => number, changed: () => void): VitalsWatch {
  let start = 0
  // WebKit has given a negative responseStart, and some engines 0 (privacy) or one past now (bugs): no TTFB then.
  const sent = nav?.responseStart ?? 0
  const vitals: Vitals = {
    ttfb: sent > 0 && sent < performance.now() ? ms(sent) : null,
    fcp: null,
    lcp: null,
    inp: null,
    cls: null,
  }

  // FCP is kept in the engine's timeline: read when asked (read()), not observed.
  const paint = () => performance.getEntriesByName?.('first-contentful-paint')[0]
  // The browser reports a larger paint until the first input: the last one before the page was hidden counts (none after a restore).
  observe('largest-contentful-paint', (entries) => {
    for (const { startTime } of entries)
      if (!start && startTime < hiddenAt()) {
        vitals.lcp = ms(startTime)
        changed()
      }
  })

  // CLS: the largest session window of shifts without recent input (< 1 s apart, at most 5 s long).
  let session = 0
  let first = 0
  let last = 0
  const shifts = observe('layout-shift', (entries) => {
    for (const { hadRecentInput, startTime: at, value = 0 } of entries)
      if (!hadRecentInput && at >= start) {
        session = session && at - last < 1000 && at - first < 5000 ? session + value : ((first = at), value)
        last = at
        // At most 100, the schema's bound (a report beyond it would be refused whole): no page a person can use shifts that much.
        vitals.cls = Math.min(100, Math.max(vitals.cls ?? 0, session))
      }
    changed()
  })
  if (shifts) vitals.cls = 0

  // INP: each interaction's longest event; of the 10 longest, the one at 1 in 50 interactions (its p98).
  let durations: Record<number, number> = {}
  const onEvents = (entries: Entry[]) => {
    for (const { interactionId: id, startTime, duration } of entries)
      if (id && startTime >= start) durations[id] = Math.max(durations[id] ?? 0, duration)
    // Every interaction is kept: their number is the list's length.
    const longest = Object.values(durations).sort((a, b) => b - a)
    const pick = longest[Math.min(9, Math.floor(longest.length / 50))]
    if (pick !== undefined) {
      vitals.inp = ms(pick)
      changed()
    }
  }
  // 16 ms, the least the engine takes: a quick tap is an interaction too (web-vitals adds first-input for it).
  observe('event', onEvents, { durationThreshold: 16 })

  return {
    read: () => {
      const fcp = paint()
      return { ...vitals, fcp: fcp && !start && fcp.startTime < hiddenAt() ? ms(fcp.startTime) : null }
    },
    restore(at) {
      start = at
      vitals.ttfb = 0
      vitals.lcp = vitals.inp = null
      if (shifts) vitals.cls = 0
      session = 0
      durations = {}
    },
  }
}
