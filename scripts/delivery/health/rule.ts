/**
 * When is a page's new release worse than the one before it (docs/deploying.md "The rule")? On four
 * figures, each read after common/telemetry/robust.ts set aside the few sources that stand out
 * (JudgedFigures):
 * - **worse**: error rate or never-ready rate. No verdict before the new release has RULE.minViews views.
 *   The release before is the reference when it has RULE.minViews views too (one-sided Fisher's exact
 *   test of the two samples), else the fixed RULE.reference rate (one-sided exact binomial test). Worse =
 *   p below the level AND the rate at least RULE.effect (2 points) above the reference: a tiny
 *   significant rise on a huge sample is no reason to roll back.
 * - **slower**: ready p75, and LCP p75 where both releases have RULE.minViews values (WebKit reports
 *   none), by the one-sided Mann–Whitney test of the two histograms, AND an effect worth a rollback: the
 *   new p75 at least RULE.slower.ratio times the old one and RULE.slower.ms above it.
 * A rise is worse only if it holds without the three sources with the most bad views too (RULE.corroborate):
 * no three addresses decide a rollback, however they pace their reports.
 * The level of each test comes from deployLevels: the false alarms of a whole deploy (every page it
 * watches, the four figures, every look) add up to at most RULE.deployAlpha. Measured on simulated
 * deploys: docs/deploying.md "What that gives", tests/delivery/health-rule.test.ts.
 */
import type { JudgedFigures, JudgedRate, JudgedTimes, SetAside } from '../../../common/telemetry/health.ts'
import { MS_BUCKETS, quantileOf, totalOf } from '../../../common/telemetry/histogram.ts'
import { binomialGreater, fisherGreater, mannWhitneyGreater } from '../../../common/telemetry/stats.ts'

export const RULE = {
  /** Views (or, for a time, values) a release needs before a figure is judged (`--min-views`). */
  minViews: 50,
  /** The smallest rise of a rate worth a rollback (2 percentage points). */
  effect: 0.02,
  /** The reference rates when the previous release has too few views to be one: a page this broken is broken whatever it was before. */
  reference: { error: 0.1, neverReady: 0.2 },
  /** The smallest slowdown of a p75 worth a rollback: both × 1.2 and + 250 ms. */
  slower: { ratio: 1.2, ms: 250 },
  /** The chance that a deploy takes back some healthy page by chance, all its pages, figures and looks together. */
  deployAlpha: 0.01,
  /** The figures each page is judged on, each a test at every look. */
  figures: 4,
  /** The part of a page's budget spent on the looks before the last; the last look gets the rest. */
  interimShare: 0.5,
  /**
   * A rise must hold without the three sources with the most bad views, at this level: a rollback never
   * rests on three addresses, even ones that pace their reports under the outlier test.
   */
  corroborate: 0.01,
} as const

export type RateFigure = 'error' | 'neverReady'
export type TimeFigure = 'ready' | 'lcp'
export type Figure = RateFigure | TimeFigure
export const RATE_FIGURES: readonly RateFigure[] = ['error', 'neverReady']
export const TIME_FIGURES: readonly TimeFigure[] = ['ready', 'lcp']
const NAMES: Record<Figure, string> = { error: 'error rate', neverReady: 'never-ready rate', ready: 'ready p75', lcp: 'LCP p75' }
const BAD: Record<RateFigure, string> = { error: 'with an error', neverReady: 'never ready' }

export interface RuleOptions {
  /** RULE.minViews unless given. */
  minViews?: number
  /** The level of each test: deployLevels(…).interim at a look before the last, .final at the last (one page judged once when absent). */
  alpha?: number
  /** The smallest slowdown worth a rollback (RULE.slower), or `false` to judge the rates only. */
  slower?: { ratio: number; ms: number } | false
}

/** What was set aside of one figure, in each release. */
interface Aside {
  next: SetAside[]
  previous: SetAside[]
}

export interface RateComparison {
  kind: 'rate'
  figure: RateFigure
  views: number
  bad: number
  rate: number
  /** `previous`: the previous release's views; `fixed`: RULE.reference (the previous had too few). */
  against: 'previous' | 'fixed'
  reference: number
  /** The previous release's views and bad views (`against: 'previous'`). */
  referenceViews: number | null
  referenceBad: number | null
  p: number
  worse: boolean
  /** When the rise is significant: the test without the three sources with the most bad views (worse needs it below RULE.corroborate). */
  corroboration: { views: number; bad: number; p: number } | null
  setAside: Aside
}

export interface TimeComparison {
  kind: 'times'
  figure: TimeFigure
  /** Values in each histogram, and their 75th percentiles (ms). */
  count: number
  p75: number
  referenceCount: number
  referenceP75: number
  p: number
  slower: boolean
  setAside: Aside
}

export type Comparison = RateComparison | TimeComparison

export type Verdict =
  | { kind: 'worse'; comparisons: Comparison[]; why: string }
  | { kind: 'slower'; comparisons: Comparison[]; why: string }
  | { kind: 'fine'; comparisons: Comparison[]; why: string }
  | { kind: 'too-few'; why: string }

/**
 * The level of each test so that a deploy watching `pages` pages with `looks` looks (the last one
 * included) takes back some healthy page in at most `alpha` of deploys: Bonferroni over the pages and
 * RULE.figures, then a Haybittle–Peto split over the looks (RULE.interimShare of a page-figure's share
 * spread evenly over the looks before the last, the rest at the last), all by the union bound, which
 * assumes nothing of how the looks, figures or pages depend on each other. `interim` is 0 with one look.
 */
export function deployLevels({ pages, looks, alpha = RULE.deployAlpha }: { pages: number; looks: number; alpha?: number }): {
  interim: number
  final: number
} {
  const each = alpha / (Math.max(1, Math.floor(pages)) * RULE.figures)
  const n = Math.max(1, Math.floor(looks))
  if (n === 1) return { interim: 0, final: each }
  return { interim: (each * RULE.interimShare) / (n - 1), final: each * (1 - RULE.interimShare) }
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const pText = (p: number) => (p >= 0.001 ? `p = ${p.toFixed(4)}` : p < 1e-10 ? 'p < 1e-10' : `p = ${p.toExponential(1)}`)
const levelText = (a: number) => (a >= 0.001 ? String(Number(a.toPrecision(2))) : a.toExponential(1))
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** `set aside: of this release 1 source pulling up (1200 views, 1200 with an error); …`, or nothing. */
function asideText({ next, previous }: Aside, bad: string | null): string {
  const part = (list: SetAside[], whose: string) => {
    if (list.length === 0) return null
    const ways = (['up', 'down'] as const)
      .map((pull) => list.filter((s) => s.pull === pull))
      .filter((l) => l.length > 0)
      .map((l) => {
        const views = l.reduce((s, a) => s + a.views, 0)
        const bads = l.reduce((s, a) => s + a.bad, 0)
        return `${plural(l.length, 'source')} pulling ${l[0]!.pull} (${plural(views, 'view')}${bad ? `, ${bads} ${bad}` : ''})`
      })
    return `of ${whose} ${ways.join(' and ')}`
  }
  const parts = [part(next, 'this release'), part(previous, 'the one before')].filter((p) => p !== null)
  return parts.length > 0 ? ` (set aside: ${parts.join('; ')})` : ''
}

function compareRate(figure: RateFigure, next: JudgedRate, previous: JudgedRate | null, minViews: number, alpha: number): RateComparison {
  const base = previous && previous.views >= minViews ? previous : null
  const rate = next.bad / next.views
  const reference = base ? base.bad / base.views : RULE.reference[figure]
  const test = (bad: number, views: number) =>
    base ? fisherGreater(bad, views, base.bad, base.views) : binomialGreater(bad, views, reference)
  const p = test(next.bad, next.views)
  const significant = p < alpha && rate - reference >= RULE.effect - 1e-12
  // Without the three sources with the most bad views: still higher, at the lenient level RULE.corroborate.
  const top = next.topThree ?? { views: 0, bad: 0 }
  const without = { views: Math.max(0, next.views - top.views), bad: Math.max(0, next.bad - top.bad) }
  const corroboration = { ...without, p: without.views > 0 ? test(without.bad, without.views) : 1 }
  return {
    kind: 'rate',
    figure,
    views: next.views,
    bad: next.bad,
    rate,
    against: base ? 'previous' : 'fixed',
    reference,
    referenceViews: base?.views ?? null,
    referenceBad: base?.bad ?? null,
    p,
    worse: significant && corroboration.p < RULE.corroborate,
    corroboration: significant ? corroboration : null,
    setAside: { next: next.setAside, previous: previous?.setAside ?? [] },
  }
}

function compareTimes(
  figure: TimeFigure,
  next: JudgedTimes,
  previous: JudgedTimes,
  alpha: number,
  slower: { ratio: number; ms: number },
): TimeComparison {
  const p75 = quantileOf(next.histogram, 0.75, MS_BUCKETS) ?? 0
  const referenceP75 = quantileOf(previous.histogram, 0.75, MS_BUCKETS) ?? 0
  const p = mannWhitneyGreater(next.histogram, previous.histogram).p
  return {
    kind: 'times',
    figure,
    count: totalOf(next.histogram),
    p75,
    referenceCount: totalOf(previous.histogram),
    referenceP75,
    p,
    slower: p < alpha && p75 >= referenceP75 * slower.ratio && p75 >= referenceP75 + slower.ms,
    setAside: { next: next.setAside, previous: previous.setAside },
  }
}

function describe(c: Comparison, minViews: number, alpha: number, slower: { ratio: number; ms: number } | false): string {
  if (c.kind === 'times') {
    const t = c
    const head = `${NAMES[t.figure]} ${seconds(t.p75)} (${plural(t.count, 'view')}) against ${seconds(t.referenceP75)} (${t.referenceCount}) before: one-sided Mann–Whitney ${pText(t.p)}`
    const effect =
      t.slower && slower
        ? ` < ${levelText(alpha)}, × ${(t.p75 / t.referenceP75).toFixed(2)} ≥ ${slower.ratio} and +${seconds(t.p75 - t.referenceP75)} ≥ ${seconds(slower.ms)}`
        : ''
    return head + effect + asideText(t.setAside, null)
  }
  const r = c
  const of = `${pct(r.rate)} (${r.bad} of ${r.views})`
  const ref =
    r.against === 'previous'
      ? `${pct(r.reference)} (${r.referenceBad} of ${r.referenceViews}) before`
      : `the reference ${pct(r.reference)} (the release before has under ${minViews} views)`
  const test = `one-sided ${r.against === 'previous' ? 'Fisher' : 'binomial'} ${pText(r.p)}`
  const rise = ` < ${levelText(alpha)}, +${((r.rate - r.reference) * 100).toFixed(1)} points ≥ ${RULE.effect * 100}`
  const alone = r.corroboration
    ? `, but not without its three sources with the most (${r.corroboration.bad} of ${r.corroboration.views} left: ${pText(r.corroboration.p)} ≥ ${RULE.corroborate})`
    : ''
  const effect = r.worse ? rise : r.corroboration ? `${rise}${alone}` : ''
  return `${NAMES[r.figure]} ${of} against ${ref}: ${test}${effect}${asideText(r.setAside, BAD[r.figure])}`
}

/** Judges `next` against `previous` (`null`: none known) by the rule above, at the level `options.alpha`. */
export function judge(next: JudgedFigures, previous: JudgedFigures | null, options: RuleOptions = {}): Verdict {
  const minViews = Math.max(1, options.minViews ?? RULE.minViews)
  const alpha = options.alpha ?? deployLevels({ pages: 1, looks: 1 }).final
  const slower = options.slower === undefined ? RULE.slower : options.slower
  const rates = RATE_FIGURES.filter((f) => next[f].views >= minViews).map((f) =>
    compareRate(f, next[f], previous?.[f] ?? null, minViews, alpha),
  )
  if (rates.length === 0) {
    const views = Math.max(next.error.views, next.neverReady.views)
    const aside = asideText({ next: next.error.setAside, previous: [] }, BAD.error)
    return { kind: 'too-few', why: `${plural(views, 'view')} of the ${minViews} a verdict needs${aside}` }
  }
  const times = slower
    ? TIME_FIGURES.filter((f) => previous && totalOf(next[f].histogram) >= minViews && totalOf(previous[f].histogram) >= minViews).map(
        (f) => compareTimes(f, next[f], previous![f], alpha, slower),
      )
    : []
  const comparisons: Comparison[] = [...rates, ...times]
  const text = (c: Comparison) => describe(c, minViews, alpha, slower)
  const worse = rates.filter((c) => c.worse)
  const slowerOnes = times.filter((c) => c.slower)
  if (worse.length > 0) return { kind: 'worse', comparisons, why: [...worse, ...slowerOnes].map(text).join('; ') }
  if (slowerOnes.length > 0) return { kind: 'slower', comparisons, why: slowerOnes.map(text).join('; ') }
  return { kind: 'fine', comparisons, why: `no worse: ${comparisons.map(text).join('; ')}` }
}
