/**
 * The tests release health decides on (scripts/delivery/health/rule.ts, common/telemetry/robust.ts): exact one-sided
 * Fisher and binomial tails for rates, and the Mann–Whitney U test on two histograms for times. Every
 * function takes any count (a view count of millions included), never throws, and returns a p-value in
 * [0, 1] (or its natural log).
 *
 * How: a tail is summed from the observed count away from the mode, where the terms only shrink, until
 * they no longer count (at most a few times the standard deviation of terms: about 10,000 for a million
 * views), with each term the one before it times a ratio. The first term comes from Loader's saddle-point
 * form of the binomial density ("Fast and accurate computation of binomial probabilities", 2000; R's
 * dbinom_raw and dhyper), accurate to about 1e-14 at any count, where a difference of log-factorials
 * loses 7 digits at a million. A tail that holds the mode is one minus the other tail. Nothing is kept in
 * an array: no spread of big arrays (issue 45). The Mann–Whitney test is scipy's asymptotic one (tie
 * correction, continuity correction), which a histogram gives exactly: a bucket is a tie group.
 * Reference values: tests/unit/telemetry/stats.test.ts (scipy 1.17.1). Imports nothing.
 */

const LN_2PI = Math.log(2 * Math.PI)

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ]
  const z = x - 1
  let sum = c[0]!
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i)
  const t = z + 7.5
  return 0.5 * LN_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** ln n! − ln(√(2π) n^(n+½) e^(−n)): Stirling's error, from its series past 15 (Loader). */
function stirlingError(n: number): number {
  if (n <= 15) return lnGamma(n + 1) - (n + 0.5) * Math.log(n) + n - 0.5 * LN_2PI
  const nn = n * n
  const [s0, s1, s2, s3, s4] = [1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188]
  if (n > 500) return (s0 - s1 / nn) / n
  if (n > 80) return (s0 - (s1 - s2 / nn) / nn) / n
  if (n > 35) return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n
  return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n
}

/** x ln(x / m) + m − x, without the cancellation near x = m (Loader's bd0). */
function deviance(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m)
    let s = (x - m) * v
    let ej = 2 * x * v
    v *= v
    for (let j = 1; j < 1000; j++) {
      ej *= v
      const next = s + ej / (2 * j + 1)
      if (next === s) return next
      s = next
    }
    return s
  }
  return x * Math.log(x / m) + m - x
}

/** ln P(X = x) for X ~ Binomial(n, p), q = 1 − p given apart for accuracy. */
function lnBinomialTerm(x: number, n: number, p: number, q: number): number {
  if (x < 0 || x > n) return -Infinity
  if (p === 0) return x === 0 ? 0 : -Infinity
  if (q === 0) return x === n ? 0 : -Infinity
  if (x === 0) return n === 0 ? 0 : p < 0.1 ? -deviance(n, n * q) - n * p : n * Math.log(q)
  if (x === n) return q < 0.1 ? -deviance(n, n * p) - n * q : n * Math.log(p)
  const lc = stirlingError(n) - stirlingError(x) - stirlingError(n - x) - deviance(x, n * p) - deviance(n - x, n * q)
  return lc - 0.5 * (LN_2PI + Math.log(x) + Math.log1p(-x / n))
}

/** ln P(X = x) for X the bad views among `drawn` of `total` views of which `bad` are bad (R's dhyper). */
function lnHypergeometricTerm(x: number, bad: number, total: number, drawn: number): number {
  const p = drawn / total
  const q = (total - drawn) / total
  return lnBinomialTerm(x, bad, p, q) + lnBinomialTerm(drawn - x, total - bad, p, q) - lnBinomialTerm(drawn, total, p, q)
}

/**
 * ln of a tail's sum: the first term (its log) times 1 + r₁ + r₁r₂ + …, the ratio of each term to the one
 * before it given by `ratio(k)` for the step from k, k running from `from` by `step` (±1) while `inside(k)`.
 * The terms only shrink (the tail lies beyond the mode), so the sum stops once they no longer count.
 */
function lnTail(lnFirst: number, from: number, step: 1 | -1, inside: (k: number) => boolean, ratio: (k: number) => number): number {
  if (lnFirst === -Infinity) return -Infinity
  let term = 1
  let sum = 1
  for (let k = from; inside(k + step); k += step) {
    term *= ratio(k)
    sum += term
    if (term < sum * 1e-17) break
  }
  return Math.min(0, lnFirst + Math.log(sum))
}

/** ln(1 − e^x) for x ≤ 0 (−Infinity at 0). */
const lnOneMinusExp = (x: number): number => (x > -Math.LN2 ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x)))

/**
 * ln P(X ≥ bad1), X hypergeometric: the natural log of the one-sided (greater) Fisher's exact test of
 * `bad1` bad views of `n1` (the new release) against `bad0` of `n0` (the one before), as
 * `scipy.stats.fisher_exact([[bad1, n1 - bad1], [bad0, n0 - bad0]], alternative='greater')`.
 */
export function lnFisherGreater(bad1: number, n1: number, bad0: number, n0: number): number {
  const total = n0 + n1
  const bad = bad0 + bad1
  const good = total - bad
  const low = Math.max(0, n1 - good)
  const high = Math.min(n1, bad)
  if (bad1 <= low) return 0
  if (bad1 > high) return -Infinity
  // Term k+1 over term k, and k−1 over k.
  const up = (k: number) => ((bad - k) * (n1 - k)) / ((k + 1) * (good - n1 + k + 1))
  const down = (k: number) => (k * (good - n1 + k)) / ((bad - k + 1) * (n1 - k + 1))
  const mode = Math.floor(((n1 + 1) * (bad + 1)) / (total + 2))
  if (bad1 > mode) return lnTail(lnHypergeometricTerm(bad1, bad, total, n1), bad1, 1, (k) => k <= high, up)
  return lnOneMinusExp(lnTail(lnHypergeometricTerm(bad1 - 1, bad, total, n1), bad1 - 1, -1, (k) => k >= low, down))
}

/** The one-sided (greater) Fisher's exact test: the p-value of lnFisherGreater. A small value says the new release is worse. */
export function fisherGreater(bad1: number, n1: number, bad0: number, n0: number): number {
  return Math.exp(lnFisherGreater(bad1, n1, bad0, n0))
}

/** ln P(X ≥ bad) for X ~ Binomial(n, p): `scipy.stats.binom.logsf(bad - 1, n, p)`. */
export function lnBinomialGreater(bad: number, n: number, p: number): number {
  if (bad <= 0 || p >= 1) return bad <= n ? 0 : -Infinity
  if (bad > n || p <= 0) return -Infinity
  const q = 1 - p
  const up = (k: number) => ((n - k) / (k + 1)) * (p / q)
  const down = (k: number) => (k / (n - k + 1)) * (q / p)
  const mode = Math.floor((n + 1) * p)
  if (bad > mode) return lnTail(lnBinomialTerm(bad, n, p, q), bad, 1, (k) => k <= n, up)
  return lnOneMinusExp(lnTail(lnBinomialTerm(bad - 1, n, p, q), bad - 1, -1, (k) => k >= 0, down))
}

/** P(X ≥ bad) for X ~ Binomial(n, p): the one-sided exact binomial test (greater). */
export function binomialGreater(bad: number, n: number, p: number): number {
  return Math.exp(lnBinomialGreater(bad, n, p))
}

/** ln P(X ≤ bad) for X ~ Binomial(n, p): `scipy.stats.binom.logcdf(bad, n, p)`. */
export function lnBinomialLess(bad: number, n: number, p: number): number {
  // The good views are Binomial(n, 1 − p): X ≤ bad ⇔ n − X ≥ n − bad.
  return lnBinomialGreater(n - bad, n, 1 - p)
}

/** P(X ≤ bad) for X ~ Binomial(n, p): the one-sided exact binomial test (less). */
export function binomialLess(bad: number, n: number, p: number): number {
  return Math.exp(lnBinomialLess(bad, n, p))
}

/** ln P(Z > z), Z standard normal: `scipy.stats.norm.logsf(z)`, to about 1e-14 relative. */
export function lnNormalUpper(z: number): number {
  if (Number.isNaN(z)) return 0
  if (z < 3) {
    if (z < -3) return Math.log1p(-Math.exp(lnNormalUpper(-z)))
    // erf(x) = 2/√π e^(−x²) Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)): positive terms, no cancellation.
    const x = Math.abs(z) / Math.SQRT2
    let term = x
    let sum = x
    for (let n = 1; n < 200 && term > sum * 1e-17; n++) {
      term *= (2 * x * x) / (2 * n + 1)
      sum += term
    }
    const erf = (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum
    return Math.log(z >= 0 ? 0.5 - 0.5 * erf : 0.5 + 0.5 * erf)
  }
  if (z === Infinity) return -Infinity
  // P(Z > z) = φ(z) / (z + 1/(z + 2/(z + 3/(z + …)))), by Lentz's method.
  const tiny = 1e-300
  let f = z
  let c = z
  let d = 0
  for (let k = 1; k < 5000; k++) {
    d = z + k * d
    d = d === 0 ? tiny : d
    c = z + k / c
    c = c === 0 ? tiny : c
    d = 1 / d
    const delta = c * d
    f *= delta
    if (Math.abs(delta - 1) < 1e-16) break
  }
  return -0.5 * z * z - 0.5 * LN_2PI - Math.log(f)
}

/** P(Z > z), Z standard normal. */
export function normalUpper(z: number): number {
  return Math.exp(lnNormalUpper(z))
}

/** A Mann–Whitney U test. */
export interface RankTest {
  /** The values of each sample. */
  n1: number
  n2: number
  /** U of the first sample: the pairs in which its value is larger, ties counting half. */
  u: number
  /** (U − n1·n2/2 − ½) / its standard deviation under no difference, ties corrected; 0 when every value ties. */
  z: number
  /** The one-sided p-value (the first sample larger), 1 when a sample is empty or every value ties. */
  p: number
  lnP: number
}

/**
 * The one-sided Mann–Whitney U test that the values counted in histogram `x` tend to be larger than those
 * in `y` (two histograms of the same buckets: a bucket is one tie group), as
 * `scipy.stats.mannwhitneyu(xs, ys, alternative='greater', method='asymptotic', use_continuity=True)` on the
 * values spread out (any value of bucket i, say i itself, `x[i]` times). For the other direction swap
 * the two: scipy's `alternative='less'` of (x, y) is this of (y, x). An empty sample gives p = 1 where scipy
 * gives NaN.
 */
export function mannWhitneyGreater(x: readonly number[], y: readonly number[]): RankTest {
  let n1 = 0
  let n2 = 0
  let u = 0
  let ties = 0
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const a = x[i] ?? 0
    const b = y[i] ?? 0
    // Each value of x in this bucket beats every y below it and half of the y here.
    u += a * (n2 + b / 2)
    n1 += a
    n2 += b
    const t = a + b
    ties += t * t * t - t
  }
  const n = n1 + n2
  const none = { n1, n2, u, z: 0, p: 1, lnP: 0 }
  if (n1 === 0 || n2 === 0) return none
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)))
  if (!(variance > 0)) return none
  const z = (u - (n1 * n2) / 2 - 0.5) / Math.sqrt(variance)
  const lnP = lnNormalUpper(z)
  return { n1, n2, u, z, p: Math.exp(lnP), lnP }
}
