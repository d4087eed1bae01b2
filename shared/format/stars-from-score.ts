/** Stars (0–3) for a suggested score (docs/spec/product-spec.md §4): 80+ → 3, 60+ → 2, 30+ → 1, else 0; null or NaN → 0. */
export function starsFromScore(score: number | null | undefined): number {
  const n = Number(score ?? NaN)
  if (n >= 80) return 3
  if (n >= 60) return 2
  if (n >= 30) return 1
  return 0 // also NaN: every comparison above is false
}
