/**
 * When is a page's new release worse than the one before it? On error rate or never-ready rate (the
 * views with an error, the views that never showed their data; docs/telemetry.md), by a rule that holds
 * on small samples: on 60 views a 2 % error rate shows 0 % or 3.3 % by chance, and a ratio rule ("2× the
 * baseline") fires on that. So, for each of the two rates:
 * - no verdict before the new release has RULE.minViews views;
 * - the previous release is the reference when it has RULE.minViews views too (one-sided Fisher's exact
 *   test on the two samples); else a fixed reference rate (RULE.reference, one-sided exact binomial test);
 * - worse = p below the test level AND the observed rate at least RULE.effect (2 points) above the
 *   reference: a tiny significant rise on a huge sample is not a reason to roll back.
 * The levels: RULE.alpha at the end of a watch and for `--gate`, RULE.alphaEarly at a look before the end
 * (a Haybittle–Peto boundary: looking every minute does not multiply the false alarms). The false-alarm
 * and miss rates these give, measured on simulated samples: docs/deploying.md "The watch", and
 * tests/delivery/health-rule.test.ts.
 */
import { binomialGreater, fisherGreater } from '../../../common/telemetry/stats.ts'

export const RULE = {
  /** Views the new release needs before any verdict (`--min-views`). */
  minViews: 50,
  /** The smallest rise, in rate, worth a rollback (2 percentage points). */
  effect: 0.02,
  /** The one-sided test level of a final verdict. */
  alpha: 0.01,
  /** The level of a verdict before the watch ends (one look of many). */
  alphaEarly: 0.001,
  /** The reference rates when the previous release has too few views to be one: a page this broken is broken whatever it was before. */
  reference: { error: 0.1, neverReady: 0.2 },
} as const

export type Metric = 'error' | 'neverReady'
export const METRICS: readonly Metric[] = ['error', 'neverReady']
const NAMES: Record<Metric, string> = { error: 'error rate', neverReady: 'never-ready rate' }

/** A release's views and bad views in the window. */
export interface Counts {
  views: number
  error: number
  neverReady: number
}

export interface RuleOptions {
  minViews?: number
  /** The test level (RULE.alpha; RULE.alphaEarly before the end of a watch). */
  alpha?: number
}

/** One rate compared. */
export interface Comparison {
  metric: Metric
  rate: number
  /** The reference rate: the previous release's, or RULE.reference. */
  reference: number
  /** `previous`: the previous release's views; `fixed`: RULE.reference (the previous had too few). */
  against: 'previous' | 'fixed'
  p: number
  worse: boolean
}

export type Verdict =
  | { kind: 'worse'; comparisons: Comparison[]; why: string }
  | { kind: 'fine'; comparisons: Comparison[]; why: string }
  | { kind: 'too-few'; why: string }

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`
const pValue = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`)

/** Judges `next` against `previous` (`null`: none known) by the rule above. */
export function judge(next: Counts, previous: Counts | null, options: RuleOptions = {}): Verdict {
  const minViews = options.minViews ?? RULE.minViews
  const alpha = options.alpha ?? RULE.alpha
  if (next.views < minViews)
    return { kind: 'too-few', why: `${next.views} view${next.views === 1 ? '' : 's'} of the ${minViews} a verdict needs` }
  const base = previous && previous.views >= minViews ? previous : null
  const comparisons = METRICS.map((metric): Comparison => {
    const rate = next[metric] / next.views
    const reference = base ? base[metric] / base.views : RULE.reference[metric]
    const p = base
      ? fisherGreater(next[metric], next.views, base[metric], base.views)
      : binomialGreater(next[metric], next.views, reference)
    return { metric, rate, reference, against: base ? 'previous' : 'fixed', p, worse: p < alpha && rate - reference >= RULE.effect }
  })
  const describe = (c: Comparison) => {
    const of = `${pct(c.rate)} (${next[c.metric]} of ${next.views})`
    const ref =
      c.against === 'previous'
        ? `${pct(c.reference)} (${base![c.metric]} of ${base!.views}) before`
        : `the reference ${pct(c.reference)} (the previous release has under ${minViews} views)`
    return `${NAMES[c.metric]} ${of} against ${ref}: one-sided ${c.against === 'previous' ? 'Fisher' : 'binomial'} ${pValue(c.p)}`
  }
  const worse = comparisons.filter((c) => c.worse)
  if (worse.length > 0) {
    return {
      kind: 'worse',
      comparisons,
      why: worse
        .map((c) => `${describe(c)} < ${alpha}, +${((c.rate - c.reference) * 100).toFixed(1)} points ≥ ${RULE.effect * 100}`)
        .join('; '),
    }
  }
  return { kind: 'fine', comparisons, why: `no worse: ${comparisons.map(describe).join('; ')}` }
}
