// @vitest-environment node
/**
 * The vitals the reporter measures (shared/field-reporter/vitals.ts) as web-vitals defines them, from
 * performance entries an engine would deliver, and held within the bounds the report's schema allows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchVitals } from '@shared/field-reporter/vitals'

type FakeEntry = { startTime: number; duration?: number; value?: number; hadRecentInput?: boolean; interactionId?: number }

/** An engine's PerformanceObserver, with a way to deliver entries of a type as the engine would. */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint', 'layout-shift', 'event']
  static byType = new Map<string, FakeObserver>()
  constructor(private readonly callback: (list: { getEntries(): FakeEntry[] }) => void) {}
  observe({ type }: { type: string }) {
    FakeObserver.byType.set(type, this)
  }
  static deliver(type: string, ...entries: FakeEntry[]) {
    FakeObserver.byType.get(type)!.callback({ getEntries: () => entries })
  }
}

const HOUR = 3_600_000
/** A page never hidden (the head's first hidden time is Infinity until it is). */
const visible = () => Infinity
const shift = (startTime: number, value: number, hadRecentInput = false): FakeEntry => ({ startTime, value, hadRecentInput })
const event = (interactionId: number, duration: number, startTime = 1000): FakeEntry => ({ interactionId, duration, startTime })

beforeEach(() => {
  FakeObserver.byType.clear()
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  vi.stubGlobal('performance', { getEntriesByName: () => [], now: () => 10 * HOUR })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('CLS', () => {
  it('is the largest window of shifts less than 1 s apart, leaving out shifts after an input', () => {
    const vitals = watchVitals(undefined, visible, () => {})
    expect(vitals.read().cls).toBe(0)
    // 0.25 in one window; 0.3 after an input does not count; a second window of 0.125 is smaller.
    FakeObserver.deliver('layout-shift', shift(100, 0.125), shift(600, 0.125), shift(900, 0.3, true), shift(3000, 0.125))
    expect(vitals.read().cls).toBe(0.25)
  })

  it('starts a new window after 5 s, however close the shifts', () => {
    const vitals = watchVitals(undefined, visible, () => {})
    FakeObserver.deliver('layout-shift', ...Array.from({ length: 12 }, (_, i) => shift(i * 500, 0.125)))
    // Shifts at 0…4.5 s make one window (10 × 0.125); 5 s and 5.5 s start the next.
    expect(vitals.read().cls).toBe(1.25)
  })

  it('is held at 100, the most the schema takes, on a page that shifts without end', () => {
    const vitals = watchVitals(undefined, visible, () => {})
    FakeObserver.deliver('layout-shift', ...Array.from({ length: 300 }, (_, i) => shift(i * 16, 1)))
    expect(vitals.read().cls).toBe(100)
  })
})

describe('INP', () => {
  it('is the longest interaction while there are fewer than 50, each interaction counted by its longest event', () => {
    const vitals = watchVitals(undefined, visible, () => {})
    FakeObserver.deliver('event', event(1, 40), event(2, 120), event(2, 200), event(3, 64), { startTime: 5, duration: 900 })
    // The 900 ms event has no interaction (a hover): not one.
    expect(vitals.read().inp).toBe(200)
  })

  it('leaves out one interaction in 50 at the top (its p98), at most nine', () => {
    const vitals = watchVitals(undefined, visible, () => {})
    FakeObserver.deliver('event', ...Array.from({ length: 120 }, (_, i) => event(i + 1, i + 1)))
    // 120 interactions: the two longest (120, 119 ms) are left out.
    expect(vitals.read().inp).toBe(118)
    FakeObserver.deliver('event', ...Array.from({ length: 600 }, (_, i) => event(1000 + i, 16)))
    // 720 interactions: from 500 on, the tenth longest.
    expect(vitals.read().inp).toBe(111)
  })
})

describe('a view left open more than an hour', () => {
  it('holds each time at the hour the schema allows, so its report is still taken', () => {
    const vitals = watchVitals({ responseStart: 1.5 * HOUR } as PerformanceNavigationTiming, visible, () => {})
    vi.stubGlobal('performance', { getEntriesByName: () => [{ startTime: 2 * HOUR }], now: () => 10 * HOUR })
    FakeObserver.deliver('largest-contentful-paint', { startTime: 3 * HOUR })
    FakeObserver.deliver('event', event(1, 2 * HOUR, 4 * HOUR))
    expect(vitals.read()).toEqual({ ttfb: HOUR, fcp: HOUR, lcp: HOUR, inp: HOUR, cls: 0 })
  })
})

describe('after a restore from the back-forward cache', () => {
  it('measures the new view alone: TTFB 0, no FCP or LCP, CLS and INP from the restore on', () => {
    const vitals = watchVitals({ responseStart: 80 } as PerformanceNavigationTiming, visible, () => {})
    vi.stubGlobal('performance', { getEntriesByName: () => [{ startTime: 400 }], now: () => 10 * HOUR })
    FakeObserver.deliver('largest-contentful-paint', { startTime: 900 })
    FakeObserver.deliver('layout-shift', shift(1000, 0.5))
    FakeObserver.deliver('event', event(1, 300))
    vitals.restore(60_000)
    FakeObserver.deliver('layout-shift', shift(900, 0.5), shift(61_000, 0.125))
    FakeObserver.deliver('event', event(2, 48, 61_000))
    expect(vitals.read()).toEqual({ ttfb: 0, fcp: null, lcp: null, inp: 48, cls: 0.125 })
  })
})

describe('what web-vitals drops', () => {
  const paintAt = (startTime: number) => vi.stubGlobal('performance', { getEntriesByName: () => [{ startTime }], now: () => 10_000 })

  it('gives no TTFB for a responseStart that is not between 0 and now (WebKit has sent a negative one)', () => {
    paintAt(400)
    for (const responseStart of [-1_700_000_000_000, 0, 20_000])
      expect(watchVitals({ responseStart } as PerformanceNavigationTiming, visible, () => {}).read().ttfb, `${responseStart}`).toBeNull()
    expect(watchVitals({ responseStart: 80.4 } as PerformanceNavigationTiming, visible, () => {}).read().ttfb).toBe(80)
  })

  it('gives no FCP or LCP painted after the page was first hidden, and keeps the last LCP before it', () => {
    paintAt(400)
    let hidden = Infinity
    const vitals = watchVitals(
      undefined,
      () => hidden,
      () => {},
    )
    FakeObserver.deliver('largest-contentful-paint', { startTime: 400 }, { startTime: 900 })
    hidden = 1000
    FakeObserver.deliver('largest-contentful-paint', { startTime: 1500 })
    expect(vitals.read()).toMatchObject({ fcp: 400, lcp: 900 })
    hidden = 300
    expect(vitals.read().fcp).toBeNull()
  })

  it('gives neither for a page loaded in the background (hidden from the start)', () => {
    paintAt(400)
    const vitals = watchVitals(
      undefined,
      () => 0,
      () => {},
    )
    FakeObserver.deliver('largest-contentful-paint', { startTime: 900 })
    expect(vitals.read()).toMatchObject({ fcp: null, lcp: null })
  })
})
