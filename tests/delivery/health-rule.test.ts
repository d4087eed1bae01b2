/**
 * The decision rule of the watch and the gate (scripts/delivery/health/rule.ts) on simulated samples, at
 * the false-alarm and miss rates docs/deploying.md ("The watch") gives. Seeded, so every run draws the
 * same samples: a change of the rule that moves a rate fails here.
 */
import { describe, expect, it } from 'vitest'
import { judge, RULE, type Counts } from '../../scripts/delivery/health/rule'
import { binomialGreater, fisherGreater } from '../../common/telemetry/stats'
import { seededRandom } from './helpers/seeded-random'

/** Views of a release with error rate `error` and never-ready rate `neverReady`, drawn with `random`. */
function views(random: () => number, n: number, error: number, neverReady: number): Counts {
  let e = 0
  let r = 0
  for (let i = 0; i < n; i++) {
    if (random() < error) e++
    if (random() < neverReady) r++
  }
  return { views: n, error: e, neverReady: r }
}

/** The share of `trials` in which the rule finds the new release worse. */
function worseShare(
  seed: number,
  next: { n: number; error: number; neverReady: number },
  before: { n: number; error: number; neverReady: number } | null,
  alpha: number = RULE.alpha,
  trials = 2000,
): number {
  const random = seededRandom(seed)
  let worse = 0
  for (let i = 0; i < trials; i++) {
    const b = before ? views(random, before.n, before.error, before.neverReady) : null
    if (judge(views(random, next.n, next.error, next.neverReady), b, { alpha }).kind === 'worse') worse++
  }
  return worse / trials
}

const usual = { error: 0.02, neverReady: 0.05 }

describe('the exact tests', () => {
  it('give the one-sided p-values of R (fisher.test, pbinom)', () => {
    // fisher.test(matrix(c(3, 7, 1, 9), 2), alternative = 'greater')$p.value = 0.2910217
    expect(fisherGreater(3, 10, 1, 10)).toBeCloseTo(0.2910217, 6)
    // 1 - pbinom(4, 60, 0.02) = 0.007024641
    expect(binomialGreater(5, 60, 0.02)).toBeCloseTo(0.007024641, 8)
    expect(fisherGreater(0, 60, 20, 1000)).toBeCloseTo(1, 9)
  })
})

describe('a new release as good as the one before', () => {
  it('is not taken back for a rate that happens to show high on a small sample, as a 2× rule would be', () => {
    // 2 % errors: 60 views show 2 errors (3.3 %) by chance; "twice the baseline" would roll back.
    const verdict = judge({ views: 60, error: 3, neverReady: 3 }, { views: 1000, error: 20, neverReady: 50 })
    expect(verdict.kind).toBe('fine')
  })

  it.each([
    [50, 1000],
    [60, 1000],
    [200, 1000],
    [1000, 1000],
    [60, 60],
  ])('is taken back in at most 2 percent of watches ($0 views against $1 before)', (n1, n0) => {
    expect(worseShare(n1 * 7 + n0, { n: n1, ...usual }, { n: n0, ...usual })).toBeLessThanOrEqual(0.02)
  })

  it('is taken back in at most 2 % of watches when the page fails more often than usual (5 %, 10 %)', () => {
    expect(worseShare(5, { n: 200, error: 0.05, neverReady: 0.1 }, { n: 1000, error: 0.05, neverReady: 0.1 })).toBeLessThanOrEqual(0.02)
  })

  it('with too few views before, is judged against the fixed reference and never taken back at usual rates', () => {
    expect(worseShare(6, { n: 60, error: 0.05, neverReady: 0.1 }, { n: 20, error: 0.05, neverReady: 0.1 })).toBe(0)
  })

  it('is taken back at a look before the end in at most 0.3 % of looks', () => {
    expect(worseShare(8, { n: 200, ...usual }, { n: 1000, ...usual }, RULE.alphaEarly)).toBeLessThanOrEqual(0.003)
  })
})

describe('a new release that is worse', () => {
  it.each([
    // views, error rate, never-ready rate, the least share of watches that catch it (docs/deploying.md)
    [60, 0.15, 0.05, 0.88],
    [60, 0.1, 0.05, 0.58],
    [100, 0.1, 0.05, 0.78],
    [200, 0.06, 0.05, 0.56],
    [200, 0.08, 0.05, 0.85],
    [60, 0.02, 0.2, 0.84],
    [100, 0.02, 0.15, 0.76],
    [200, 0.02, 0.1, 0.48],
  ])('is taken back (%i views, %f errors, %f never ready) in at least %f of watches', (n1, error, neverReady, least) => {
    expect(worseShare(n1 + Math.round(error * 1000), { n: n1, error, neverReady }, { n: 1000, ...usual })).toBeGreaterThanOrEqual(least)
  })

  it('is taken back with no usable release before it only when clearly broken (25 % errors at 60 views: most watches)', () => {
    expect(worseShare(9, { n: 60, error: 0.25, neverReady: 0.05 }, null)).toBeGreaterThanOrEqual(0.7)
  })

  it('is not judged before it has the minimum views, whatever its rates', () => {
    expect(judge({ views: 49, error: 49, neverReady: 49 }, { views: 1000, error: 0, neverReady: 0 })).toEqual({
      kind: 'too-few',
      why: '49 views of the 50 a verdict needs',
    })
  })

  it('says why, with the counts, the test and the effect', () => {
    const verdict = judge({ views: 60, error: 9, neverReady: 3 }, { views: 1000, error: 20, neverReady: 50 })
    expect(verdict.kind).toBe('worse')
    expect(verdict.why).toMatch(
      /^error rate 15\.0 % \(9 of 60\) against 2\.0 % \(20 of 1000\) before: one-sided Fisher p < 0\.0001 < 0\.01, \+13\.0 points ≥ 2$/,
    )
  })
})
