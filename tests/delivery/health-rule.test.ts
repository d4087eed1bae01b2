/**
 * The decision rule of the watch and the gate (scripts/delivery/health/rule.ts), on what it says and on
 * simulated deploys (tests/delivery/helpers/release-simulation.ts): a fast seeded subset of the tables in
 * docs/deploying.md ("What that gives"), whose full runs the same file prints. Seeded, so every run draws
 * the same views: a change of the rule or of the trimming that moves a rate fails here.
 */
import { describe, expect, it } from 'vitest'
import type { JudgedFigures, SetAside } from '../../common/telemetry/health'
import { bucketOf, emptyHistogram, MS_BUCKETS } from '../../common/telemetry/histogram'
import { deployLevels, judge, RULE } from '../../scripts/delivery/health/rule'
import { ATTACKS, deployFalseAlarms, DEPLOY_PAGES, POWER, SEED, USUAL, watchShares } from './helpers/release-simulation'

/** Judged figures by hand: rates as [views, bad], times as every value at `ms` (or none). */
function figures({
  views,
  errors = 0,
  neverReady = 0,
  readyMs = null,
  lcpMs = null,
  aside = [],
}: {
  views: number
  errors?: number
  neverReady?: number
  readyMs?: number | null
  lcpMs?: number | null
  aside?: SetAside[]
}): JudgedFigures {
  const times = (ms: number | null, n: number) => {
    const histogram = emptyHistogram(MS_BUCKETS)
    if (ms !== null) histogram[bucketOf(ms, MS_BUCKETS)] = n
    return { histogram, setAside: [] }
  }
  return {
    sources: views,
    // A view a source: the three with the most bad views hold three of them.
    error: { views, bad: errors, setAside: aside, topThree: { views: Math.min(3, views), bad: Math.min(3, errors) } },
    neverReady: { views, bad: neverReady, setAside: [], topThree: { views: Math.min(3, views), bad: Math.min(3, neverReady) } },
    ready: times(readyMs, views - neverReady),
    lcp: times(lcpMs, views),
  }
}

/** Times spread over the buckets from `fromMs` up, as a page's are: `n` values, one bucket each in turn over `width` buckets. */
function spreadTimes(n: number, fromMs: number, width = 6): number[] {
  const histogram = emptyHistogram(MS_BUCKETS)
  for (let i = 0; i < n; i++) histogram[bucketOf(fromMs, MS_BUCKETS) + (i % width)]!++
  return histogram
}

describe('deployLevels', () => {
  it('splits a deploy’s false-alarm budget over its pages, the four figures and its looks: they add up to 1 %', () => {
    for (const pages of [1, 3, 11])
      for (const looks of [1, 2, 10, 30]) {
        const { interim, final } = deployLevels({ pages, looks })
        expect(pages * RULE.figures * ((looks - 1) * interim + final)).toBeCloseTo(RULE.deployAlpha, 12)
      }
  })

  it('gives the last look half a page-figure’s share, and the looks before it the other half evenly', () => {
    expect(deployLevels({ pages: 11, looks: 10 })).toEqual({ interim: 0.01 / 44 / 2 / 9, final: 0.01 / 44 / 2 })
    expect(deployLevels({ pages: 11, looks: 1 })).toEqual({ interim: 0, final: 0.01 / 44 })
    expect(deployLevels({ pages: 2, looks: 5, alpha: 0.05 }).final).toBeCloseTo(0.05 / 8 / 2, 15)
  })
})

describe('judge', () => {
  const before = figures({ views: 900, errors: 14, neverReady: 45, readyMs: 1400, lcpMs: 1800 })

  it('says why a release is worse: the counts, the test, its level and the effect', () => {
    const verdict = judge(figures({ views: 64, errors: 17, neverReady: 3, readyMs: 1400 }), before, { alpha: 0.001 })
    expect(verdict.kind).toBe('worse')
    expect(verdict.why).toBe(
      'error rate 26.6 % (17 of 64) against 1.6 % (14 of 900) before: one-sided Fisher p < 1e-10 < 0.001, +25.0 points ≥ 2',
    )
  })

  it('says why a release is slower: the p75s, the values, the test and both effects', () => {
    const next = figures({ views: 212, readyMs: null })
    next.ready.histogram = spreadTimes(212, 3000)
    const old = figures({ views: 900, errors: 14, readyMs: null })
    old.ready.histogram = spreadTimes(900, 1200)
    const verdict = judge(next, old, { alpha: 0.001 })
    expect(verdict.kind).toBe('slower')
    expect(verdict.why).toMatch(
      /^ready p75 \d\.\d\d s \(212 views\) against \d\.\d\d s \(900\) before: one-sided Mann–Whitney p < 1e-10 < 0\.001, × \d\.\d\d ≥ 1\.2 and \+\d\.\d\d s ≥ 0\.25 s$/,
    )
  })

  it('takes a small significant slowdown for no reason to roll back: under × 1.2 or + 250 ms', () => {
    // 50,000 values a release over ten buckets; the new one has a fifth of each bucket's values a bucket (25 %) later.
    const old = figures({ views: 50_000, readyMs: null })
    const next = figures({ views: 50_000, readyMs: null })
    const first = bucketOf(1000, MS_BUCKETS)
    for (let i = 0; i < 10; i++) {
      old.ready.histogram[first + i] = 5000
      next.ready.histogram[first + i]! += 4000
      next.ready.histogram[first + i + 1]! += 1000
    }
    const verdict = judge(next, old, { alpha: 0.001 })
    expect(verdict.kind).toBe('fine')
    const ready = verdict.kind === 'fine' ? verdict.comparisons.find((c) => c.figure === 'ready') : undefined
    expect(ready?.p).toBeLessThan(1e-10)
    expect(verdict.why).toMatch(/ready p75 2\.26 s \(50000 views\) against 2\.21 s \(50000\) before: one-sided Mann–Whitney p < 1e-10$/)
  })

  it('judges LCP only when both releases have enough values (WebKit reports none)', () => {
    const verdict = judge(figures({ views: 200, errors: 3, readyMs: 1400, lcpMs: null }), before)
    expect(verdict.kind === 'fine' && verdict.comparisons.map((c) => c.figure)).toEqual(['error', 'neverReady', 'ready'])
    const rates = judge(figures({ views: 200, errors: 3, readyMs: 1400 }), before, { slower: false })
    expect(rates.kind === 'fine' && rates.comparisons.map((c) => c.figure)).toEqual(['error', 'neverReady'])
  })

  it('says what it lists when fine', () => {
    expect(judge(figures({ views: 70, errors: 1, neverReady: 3, readyMs: 1400, lcpMs: 1800 }), before).why).toBe(
      'no worse: error rate 1.4 % (1 of 70) against 1.6 % (14 of 900) before: one-sided Fisher p = 0.6776; ' +
        'never-ready rate 4.3 % (3 of 70) against 5.0 % (45 of 900) before: one-sided Fisher p = 0.6896; ' +
        'ready p75 1.45 s (67 views) against 1.45 s (855) before: one-sided Mann–Whitney p = 1.0000; ' +
        'LCP p75 1.82 s (70 views) against 1.82 s (900) before: one-sided Mann–Whitney p = 1.0000',
    )
  })

  it('names what was set aside', () => {
    const next = figures({ views: 60, errors: 1, readyMs: 1400, aside: [{ pull: 'up', views: 1200, bad: 1200 }] })
    expect(judge(next, before).why).toContain(
      'error rate 1.7 % (1 of 60) against 1.6 % (14 of 900) before: one-sided Fisher p = 0.6230 (set aside: of this release 1 source pulling up (1200 views, 1200 with an error))',
    )
  })

  it('judges against the fixed reference when the release before has too few views', () => {
    const verdict = judge(figures({ views: 60, errors: 16, readyMs: 1400 }), figures({ views: 20, readyMs: 1400 }), { alpha: 0.001 })
    expect(verdict.kind).toBe('worse')
    expect(verdict.why).toBe(
      'error rate 26.7 % (16 of 60) against the reference 10.0 % (the release before has under 50 views): one-sided binomial p = 2.0e-4 < 0.001, +16.7 points ≥ 2',
    )
  })

  it('gives no verdict before the new release has the minimum views, whatever its rates', () => {
    expect(judge(figures({ views: 49, errors: 49, neverReady: 49 }), before)).toEqual({
      kind: 'too-few',
      why: '49 views of the 50 a verdict needs',
    })
  })

  it('needs at least one view, whatever minViews it is given', () => {
    expect(judge(figures({ views: 0 }), null, { minViews: 0 })).toEqual({ kind: 'too-few', why: '0 views of the 1 a verdict needs' })
  })

  it('at its default level judges one page at one look: the whole 1 % over the four figures', () => {
    const verdict = judge(figures({ views: 100, errors: 10, readyMs: 1400 }), before)
    expect(verdict.kind === 'worse' && verdict.why).toMatch(/< 0\.0025, /)
    // 8 of 100 is as significant, but not without its three sources with the most errors (5 of 97 left: p ≥ 0.01).
    expect(judge(figures({ views: 100, errors: 8, readyMs: 1400 }), before).why).toMatch(
      /but not without its three sources with the most \(5 of 97 left: p = 0\.0\d+ ≥ 0\.01\)/,
    )
  })
})

describe('on simulated deploys (a seeded subset of docs/deploying.md "What that gives")', () => {
  it('a healthy deploy of 11 pages with 10 looks takes no page back by chance (30 deploys; of 2,000 in the docs, 0.5 %)', () => {
    expect(deployFalseAlarms(SEED + 10, { deploys: 30, looks: 10 }).pagesTakenBack).toBe(0)
  })

  it.each(
    // name, taken back at the last look alone (α of an 11-page 10-look deploy) in 300 watches: at least,
    // at most (the docs' 2,000 give the middle)
    [
      ['as good, 200 views', 0, 0.005],
      ['errors 2 % → 10 %, 100 views', 0.37, 0.53],
      ['errors 2 % → 15 %, 60 views', 0.58, 0.74],
      ['errors 2 % → 25 %, 60 views', 0.96, 1],
      ['errors 25 %, 60 views, no usable release before', 0.24, 0.4],
      ['never ready 5 % → 20 %, 60 views', 0.46, 0.62],
      ['ready 2 s later, 60 views', 0.99, 1],
      ['ready × 1.2 + 250 ms, 200 views', 0.98, 1],
    ] as const,
  )('%s: taken back at the last look in %f to %f of watches', (name, least, most) => {
    const [, spec, setup] = POWER.find(([n]) => n === name)!
    const last = deployLevels({ pages: 11, looks: 10 }).final
    const share = watchShares(SEED, spec, { runs: 300, looks: 1, levels: { interim: 0, final: last }, ...setup })
    expect(share.takenBack).toBeGreaterThanOrEqual(least)
    expect(share.takenBack).toBeLessThanOrEqual(most)
  })

  it.each(
    // name, taken back at least, at most, in 40 watches of 10 looks (issue 46; the docs' 1,000 give the middle)
    [
      ['healthy, 40 honest views; one address sends a forged error report a second', 0, 0],
      ['healthy, 200 honest views; three addresses send slow ready times (8 s) as fast as allowed', 0, 0],
      // Set aside by no test, but a rise that rests on three sources is no rollback (RULE.corroborate).
      ['healthy, 200 honest views; three addresses stay just under the threshold (40 views, 8 errors each, at the end)', 0, 0.05],
      ['33 % errors, 100 views; 200 forged error reports for the release before', 1, 1],
      ['33 % errors, 100 views; one address sends clean views as fast as allowed', 1, 1],
      ['ready 2 s later, 100 views; three addresses send fast ready times (300 ms) as fast as allowed', 1, 1],
      ['healthy, 200 views, 40 % of them behind one carrier NAT', 0, 0],
    ] as const,
  )('%s: taken back in %f to %f of watches', (name, least, most) => {
    const [, spec, setup] = ATTACKS.find(([n]) => n === name)!
    const share = watchShares(SEED, spec, { runs: 40, looks: 10, ...setup })
    expect(share.takenBack).toBeGreaterThanOrEqual(least)
    expect(share.takenBack).toBeLessThanOrEqual(most)
  })

  it('uses the 11 pages the docs describe', () => {
    expect(DEPLOY_PAGES.map((p) => p.views)).toEqual([60, 80, 100, 150, 200, 300, 400, 600, 800, 1200, 2000])
    expect(USUAL).toMatchObject({ error: 0.02, neverReady: 0.05 })
  })
})
