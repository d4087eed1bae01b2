/**
 * Text length in user-perceived characters (docs/decisions.md): `👨‍👩‍👧` or `é` written as e + accent count
 * once. Uses Intl.Segmenter; where a WebView lacks it (Safari < 14.1), code points, so an emoji
 * family then counts as more than one.
 */

let segmenter: Intl.Segmenter | undefined

function split(text: string): string[] {
  // Checked on each call (cheap), so the fallback does not depend on what an earlier call saw.
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return Array.from(text)
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return Array.from(segmenter.segment(text), ({ segment }) => segment)
}

/** How many user-perceived characters `text` has. */
export function segmentLength(text: string | null | undefined): number {
  return split(text ?? '').length
}

/** `text` cut to at most `max` user-perceived characters, never inside one; unchanged when it fits. */
export function truncateSegments(text: string | null | undefined, max: number): string {
  const parts = split(text ?? '')
  const limit = Math.max(0, Math.floor(max) || 0)
  return parts.length <= limit ? (text ?? '') : parts.slice(0, limit).join('')
}
