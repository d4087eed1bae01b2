/** `n` with at most two decimals and no trailing zeros: 1.5 → '1.5', 2 → '2', 1.234 → '1.23'. */
export function round2(n: number): string {
  return String(Math.round(n * 100) / 100)
}
