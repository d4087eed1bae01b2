/**
 * Masks a phone-like string (docs/spec/product-spec.md §3): from 11 characters on, the last 11 are kept as the first 3,
 * four asterisks and the last 4 (`13812345678` → `138****5678`); shorter strings are unchanged.
 */
export function maskPhone(phone: string | null | undefined): string {
  const s = typeof phone === 'string' ? phone : ''
  if (s.length < 11) return s
  const last11 = s.slice(-11)
  return `${last11.slice(0, 3)}****${last11.slice(-4)}`
}
