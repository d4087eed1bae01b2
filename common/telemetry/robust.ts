/**
 * What the decision rule reads of a release (JudgedFigures), made from its views by source: a source is
 * one keyed bucket of client addresses (the server hashes each report's address into 256 buckets with a
 * key the sender does not know), so an attacker with a few addresses holds a few sources, while honest
 * traffic, spread over many addresses, fills many. For each figure on its own (error rate, never-ready
 * rate, ready times, LCP times), two steps:
 *
 * 1. **Outliers.** A source whose figure stands out from the others' is set aside: its bad views against
 *    theirs by Fisher's exact test, its times against theirs by the Mann–Whitney test, each way (more bad
 *    or slower: `up`; fewer or faster: `down`). The level is OUTLIER_LEVEL split over the two ways and
 *    over the sources by their share of the views (weighted Bonferroni: a source that could move the
 *    figure more needs less evidence to be set aside). The strongest evidence goes first, then the others
 *    are tested again without it, up to TRIM_SOURCES a way. Each pass tests the TRIM_SOURCES sources that
 *    pull hardest each way against the others without all of them, and ranks them with the largest
 *    counted down as in step 2: three addresses flooding together can neither hide behind each other nor
 *    outnumber the honest views they are measured against. Honest sources share one page and one
 *    release, so honest data keeps every source in all but about OUTLIER_LEVEL of releases; a flood of
 *    errors, of clean views (to hide a broken release), of slow or of fast times stands out at once.
 * 2. **No few sources decide.** A source under that threshold can still hold its figure anywhere the
 *    others' sampling noise allows, and with thousands of views it would outweigh a few dozen honest
 *    ones. So the largest sources are counted down (each scaled, its rate or its times' shape kept) until
 *    any TRIM_SOURCES of them count at most SHARE_OF_FEW of the figure's views: a carrier NAT holding 40 %
 *    of the honest views is counted whole (but for a few views when chance lifts it past half on a small
 *    sample); views from five sources or fewer count for nothing, so three addresses never decide alone.
 *
 * What is left out is reported (SetAside). What a sender who stays under the threshold can still move:
 * docs/deploying.md "Who can move a decision", tested in tests/unit/telemetry/robust.test.ts. Imports only
 * its siblings.
 */
import type { JudgedFigures, JudgedRate, JudgedTimes, SetAside } from './health'
import { lnFisherGreater, mannWhitneyGreater } from './stats'

/** One source's views of one release over the window. */
export interface SourceFigures {
  views: number
  errorViews: number
  neverReadyViews: number
  /** Histograms of MS_BUCKETS over its views that have the figure. */
  ready: number[]
  lcp: number[]
}

/** Sources set aside at most, each way, each figure: an attacker is assumed to hold at most this many addresses. */
export const TRIM_SOURCES = 3
/** The chance that honest data with no outlier loses a source, per figure of a release (split over the sources and the two ways). */
export const OUTLIER_LEVEL = 0.001
/** Any TRIM_SOURCES sources count for at most this share of a figure's views. */
export const SHARE_OF_FEW = 0.5

/** A figure's sample as the two steps handle it: a rate's views and bad views, or a histogram of times. */
interface Kind<T> {
  size(t: T): number
  /** The sum of samples, in one new value. */
  sum(list: readonly T[]): T
  minus(a: T, b: T): T
  /** The same sample counted as `size` instead (its rate or its shape kept). */
  scaled(t: T, size: number): T
  /** ln p of `t` being more bad (slower) than `rest`, and of its being less. */
  lnUp(t: T, rest: T): number
  lnDown(t: T, rest: T): number
  /**
   * How hard each source pulls against the rest of `total`, cheaply: > 0 up, < 0 down, larger the
   * stronger. It only ranks the sources; the exact tests decide.
   */
  puller(total: T): (t: T) => number
  bad(t: T): number
}

interface Rate {
  n: number
  bad: number
}

const RATE: Kind<Rate> = {
  size: (t) => t.n,
  sum: (list) => {
    const out = { n: 0, bad: 0 }
    for (const t of list) {
      out.n += t.n
      out.bad += t.bad
    }
    return out
  },
  minus: (a, b) => ({ n: a.n - b.n, bad: a.bad - b.bad }),
  scaled: (t, size) => ({ n: size, bad: t.n > 0 ? Math.round((t.bad * size) / t.n) : 0 }),
  lnUp: (t, rest) => lnFisherGreater(t.bad, t.n, rest.bad, rest.n),
  lnDown: (t, rest) => lnFisherGreater(t.n - t.bad, t.n, rest.n - rest.bad, rest.n),
  puller: (total) => (t) => {
    // Half the binomial deviance of its bad views at the others' rate: about −ln p.
    const rate = total.n > t.n ? (total.bad - t.bad) / (total.n - t.n) : 0
    const expected = t.n * rate
    const term = (x: number, m: number) => (x === 0 ? 0 : m === 0 ? 1e6 : x * Math.log(x / m))
    const half = term(t.bad, expected) + term(t.n - t.bad, t.n - expected)
    return t.bad >= expected ? half : -half
  },
  bad: (t) => t.bad,
}

const TIMES: Kind<number[]> = {
  size: (t) => {
    let n = 0
    for (let i = 0; i < t.length; i++) n += t[i]!
    return n
  },
  sum: (list) => {
    let length = 0
    for (const t of list) length = Math.max(length, t.length)
    const out = new Array<number>(length).fill(0)
    for (const t of list) for (let i = 0; i < t.length; i++) out[i]! += t[i]!
    return out
  },
  minus: (a, b) => {
    const out = new Array<number>(Math.max(a.length, b.length))
    for (let i = 0; i < out.length; i++) out[i] = (a[i] ?? 0) - (b[i] ?? 0)
    return out
  },
  scaled: (t, size) => {
    // Largest remainders: whole counts that add up to `size`.
    const total = TIMES.size(t)
    const exact = t.map((c) => (total > 0 ? (c * size) / total : 0))
    const out = exact.map(Math.floor)
    const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0])
    for (let k = 0; k < size - TIMES.size(out) && k < order.length; k++) out[order[k]![1]]!++
    return out
  },
  lnUp: (t, rest) => mannWhitneyGreater(t, rest).lnP,
  lnDown: (t, rest) => mannWhitneyGreater(rest, t).lnP,
  puller: (total) => {
    // The Mann–Whitney z of t against total − t: its U against the total less its U against itself
    // (n²/2); the ties of the two together are the total's.
    const middle = new Array<number>(total.length)
    let all = 0
    let ties = 0
    for (let i = 0; i < total.length; i++) {
      const c = total[i]!
      middle[i] = all + c / 2
      all += c
      ties += c * c * c - c
    }
    const spread = all + 1 - ties / (all * (all - 1))
    return (t) => {
      let n = 0
      let u = 0
      for (let i = 0; i < t.length; i++) {
        u += t[i]! * middle[i]!
        n += t[i]!
      }
      const rest = all - n
      const variance = ((n * rest) / 12) * spread
      return n > 0 && rest > 0 && variance > 0 ? (u - (n * n) / 2 - (n * rest) / 2) / Math.sqrt(variance) : 0
    }
  },
  bad: () => 0,
}

/** A source's sample of one figure, with its size. */
interface Sized<T> {
  t: T
  size: number
}

/** A whole count ≥ 0 of anything a caller might pass. */
const count = (x: number): number => (Number.isFinite(x) && x > 0 ? Math.floor(x) : 0)
/** A histogram of whole counts ≥ 0. */
const counts = (h: readonly number[] | undefined): number[] =>
  !h ? [] : h.every((c) => Number.isInteger(c) && c >= 0) ? [...h] : h.map(count)

/** The TRIM_SOURCES indices of the highest positive scores (the larger size first on a tie), highest first. */
function hardest(scores: readonly number[], sizes: readonly number[]): number[] {
  const top: number[] = []
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && sizes[a]! > sizes[b]!)
  for (let i = 0; i < scores.length; i++) {
    if (!(scores[i]! > 0)) continue
    let at = top.length
    while (at > 0 && before(i, top[at - 1]!)) at--
    if (at < TRIM_SOURCES) {
      top.splice(at, 0, i)
      if (top.length > TRIM_SOURCES) top.pop()
    }
  }
  return top
}

/** The samples counted down to the cap of capOf, each scaled (its rate or its times' shape kept). */
function capped<T>(kind: Kind<T>, samples: readonly Sized<T>[]): Sized<T>[] {
  const cap = capOf(samples.map((s) => s.size))
  return samples.map((s) => (s.size <= cap ? s : { t: kind.scaled(s.t, cap), size: cap }))
}

/**
 * Step 1: the outliers set aside, the strongest first, and the sources kept. Each pass ranks the sources
 * pulling each way against all the others, counted as step 2 counts them (so that a few large ones are
 * never the majority the others are measured by), then tests the TRIM_SOURCES that pull hardest that
 * way, exactly, against the others without them: a few sources flooding the same way would otherwise
 * hide each other (each one's "rest" holding the other two).
 */
function trimOutliers<T>(kind: Kind<T>, samples: readonly Sized<T>[]): { kept: Sized<T>[]; setAside: SetAside[] } {
  const kept = [...samples]
  const setAside: SetAside[] = []
  const budget = { up: TRIM_SOURCES, down: TRIM_SOURCES }
  while (kept.length >= 2) {
    const tested = capped(kind, kept)
    const total = kind.sum(tested.map((s) => s.t))
    const whole = tested.every((s, i) => s === kept[i]) ? total : kind.sum(kept.map((s) => s.t))
    const all = tested.reduce((n, s) => n + s.size, 0)
    const pullOf = kind.puller(total)
    const pulls = tested.map((s) => pullOf(s.t))
    let best: { at: number; pull: 'up' | 'down'; margin: number } | null = null
    for (const pull of ['up', 'down'] as const) {
      if (budget[pull] === 0) continue
      const sign = pull === 'up' ? 1 : -1
      const ranked = hardest(
        pulls.map((p) => sign * p),
        tested.map((s) => s.size),
      )
      // Tested as they are (a large source's rate is known the better for its views) against the others
      // as they are, at the share of the level its counted views give it.
      const others = kind.minus(whole, kind.sum(ranked.map((at) => kept[at]!.t)))
      if (kind.size(others) === 0) continue
      for (const at of ranked) {
        const { t } = kept[at]!
        const ln = pull === 'up' ? kind.lnUp(t, others) : kind.lnDown(t, others)
        // Each source's share of the level is its share of the views counted: the more a source could
        // move, the less it must stand out to be set aside; the levels still add up to OUTLIER_LEVEL.
        const margin = ln - Math.log((OUTLIER_LEVEL * tested[at]!.size) / (2 * all))
        if (margin < 0 && (!best || margin < best.margin)) best = { at, pull, margin }
      }
    }
    if (!best) break
    const [out] = kept.splice(best.at, 1)
    budget[best.pull]--
    setAside.push({ pull: best.pull, views: out!.size, bad: kind.bad(out!.t) })
  }
  return { kept, setAside }
}

/**
 * The largest whole c such that, each source counted as min(size, c), the TRIM_SOURCES largest count at
 * most SHARE_OF_FEW of all. Counting c up adds, while A sources are larger than c, A to all and
 * min(A, TRIM_SOURCES) to the few: the margin grows while A ≥ TRIM_SOURCES / SHARE_OF_FEW, and only
 * shrinks after (from 0 at c = 0), so it holds up to the size where that many sources are larger, and a
 * bisection past it finds where it stops holding.
 */
function capOf(sizes: readonly number[]): number {
  // Mostly the few count little: then no cap, and no sort.
  const top: number[] = []
  let total = 0
  for (const size of sizes) {
    total += size
    if (top.length < TRIM_SOURCES) top.push(size)
    else if (size > Math.min(...top)) top[top.indexOf(Math.min(...top))] = size
  }
  if (top.reduce((s, x) => s + x, 0) <= SHARE_OF_FEW * total) return Math.max(0, ...top)
  const sorted = [...sizes].sort((a, b) => b - a)
  const margin = (c: number) => {
    let all = 0
    let few = 0
    for (let i = 0; i < sorted.length; i++) {
      const counted = Math.min(sorted[i]!, c)
      all += counted
      if (i < TRIM_SOURCES) few += counted
    }
    return SHARE_OF_FEW * all - few
  }
  let high = sorted[0] ?? 0
  let low = sorted[Math.ceil(TRIM_SOURCES / SHARE_OF_FEW) - 1] ?? 0
  // margin(low) ≥ 0 > margin(high): keep it so.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2)
    if (margin(mid) >= 0) low = mid
    else high = mid
  }
  return low
}

/** Step 2 on what step 1 kept: the largest sources counted down to the cap; the part of each left out is set aside. */
function capLargest<T>(kind: Kind<T>, kept: readonly Sized<T>[]): { counted: T[]; setAside: SetAside[] } {
  const parts = capped(kind, kept)
  const setAside: SetAside[] = []
  if (parts.every((part, i) => part === kept[i])) return { counted: kept.map((s) => s.t), setAside }
  const total = kind.sum(kept.map((s) => s.t))
  const counted = parts.map((part, i) => {
    const { t, size } = kept[i]!
    if (part.size === size) return t
    const rest = kind.minus(total, t)
    const pull = kind.lnUp(t, rest) <= kind.lnDown(t, rest) ? 'up' : 'down'
    setAside.push({ pull, views: size - part.size, bad: kind.bad(t) - kind.bad(part.t) })
    return part.t
  })
  return { counted, setAside }
}

/** Both steps for one figure: what is counted (in all, and by source), and what was set aside. */
function judged<T>(kind: Kind<T>, samples: readonly T[]): { sum: T; counted: T[]; setAside: SetAside[] } {
  const sized = samples.map((t) => ({ t, size: kind.size(t) })).filter((s) => s.size > 0)
  const outliers = trimOutliers(kind, sized)
  const capped = capLargest(kind, outliers.kept)
  return { sum: kind.sum(capped.counted), counted: capped.counted, setAside: [...outliers.setAside, ...capped.setAside] }
}

/**
 * The figures the rule judges of one release, from its views by source (docs/deploying.md "Who can move
 * a decision"). Never throws; counts that are not whole numbers ≥ 0 count as 0, bad views past the views
 * as the views.
 */
export function judgeFigures(sources: SourceFigures[]): JudgedFigures {
  const clean = sources.map((s) => {
    const views = count(s.views)
    return {
      views,
      error: Math.min(views, count(s.errorViews)),
      neverReady: Math.min(views, count(s.neverReadyViews)),
      ready: counts(s.ready),
      lcp: counts(s.lcp),
    }
  })
  const rate = (bad: (s: (typeof clean)[number]) => number): JudgedRate => {
    const { sum, counted, setAside } = judged(
      RATE,
      clean.map((s) => ({ n: s.views, bad: bad(s) })),
    )
    const top = RATE.sum([...counted].sort((a, b) => b.bad - a.bad || b.n - a.n).slice(0, TRIM_SOURCES))
    return { views: sum.n, bad: sum.bad, setAside, topThree: { views: top.n, bad: top.bad } }
  }
  const times = (list: number[][]): JudgedTimes => {
    const { sum, setAside } = judged(TIMES, list)
    return { histogram: sum, setAside }
  }
  return {
    sources: clean.filter((s) => s.views > 0).length,
    error: rate((s) => s.error),
    neverReady: rate((s) => s.neverReady),
    ready: times(clean.map((s) => s.ready)),
    lcp: times(clean.map((s) => s.lcp)),
  }
}
