import { round2 } from './round'

/** Cents as yuan without a currency sign: 3000 → `30`, 990 → `9.9`. Null or NaN → `0`. */
export function formatMoney(cents: number | null | undefined): string {
  const n = Number(cents ?? NaN)
  return Number.isFinite(n) ? round2(n / 100) : '0'
}
