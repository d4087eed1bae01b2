/**
 * The exact tests the release-health rule uses (rule.ts), for small samples: no normal approximation, so
 * 3 errors in 60 views is judged as 3 in 60, not as 5 %. Computed in logs (views run to the hundreds of
 * thousands).
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x)
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ]
  const z = x - 1
  let sum = c[0]!
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** ln C(n, k). */
function lnChoose(n: number, k: number): number {
  return lnGamma(n + 1) - lnGamma(k + 1) - lnGamma(n - k + 1)
}

/** Σ exp(terms) without overflow. */
function sumExp(logs: readonly number[]): number {
  if (logs.length === 0) return 0
  const top = Math.max(...logs)
  return Math.exp(top) * logs.reduce((s, l) => s + Math.exp(l - top), 0)
}

/**
 * One-sided Fisher's exact test: the chance of `bad1` or more bad views of `n1` in the new release when
 * both releases share one rate and the margins are as observed (`bad0` of `n0` in the previous one). A
 * small value says the new release is worse.
 */
export function fisherGreater(bad1: number, n1: number, bad0: number, n0: number): number {
  const total = n0 + n1
  const bad = bad0 + bad1
  const top = Math.min(n1, bad)
  const logs: number[] = []
  for (let k = bad1; k <= top; k++) logs.push(lnChoose(bad, k) + lnChoose(total - bad, n1 - k) - lnChoose(total, n1))
  return Math.min(1, sumExp(logs))
}

/** One-sided exact binomial test: the chance of `bad` or more of `n` at the rate `p`. */
export function binomialGreater(bad: number, n: number, p: number): number {
  if (bad <= 0) return 1
  if (p <= 0) return 0
  if (p >= 1) return 1
  const logs: number[] = []
  for (let k = bad; k <= n; k++) {
    const term = lnChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p)
    logs.push(term)
    // Past the mode the terms only shrink: stop once they no longer count.
    if (k > n * p && logs.length > 1 && term < logs[0]! - 40) break
  }
  return Math.min(1, sumExp(logs))
}
