/** Text rules shared by the routes. */

/**
 * Length in user-perceived characters (grapheme clusters): `👨‍👩‍👧` counts 1.
 * Falls back to code points where Intl.Segmenter is missing (docs/decisions.md).
 */
export function countCharacters(text: string): number {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let n = 0
    for (const _ of new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text)) n++
    return n
  }
  return Array.from(text).length
}

/**
 * Formats a time as the contract's `YYYY-MM-DDTHH:mm:ss`, in China Standard Time (UTC+8, no
 * daylight saving) because the product and its users are in China, whatever the server's zone.
 */
export function formatChinaTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)
}

/** Rounds MB figures to two decimals, so sums of floats do not print as 20.900000000000002. */
export function roundMb(mb: number): number {
  return Math.round(mb * 100) / 100
}
