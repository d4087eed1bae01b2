/**
 * Text length in user-perceived characters (docs/decisions.md): `👨‍👩‍👧` or `é` written as e + accent count
 * once. Uses Intl.Segmenter; where a WebView lacks it (Safari < 14.1), code points, so an emoji
 * family then counts as more than one.
 */

let segmenter: Intl.Segmenter | undefined

/**
 * Text in which every UTF-16 unit is a user-perceived character of its own, by the rules of UAX #29:
 * tab and line feed, printable ASCII, Latin-1 and the Latin extensions, general punctuation, CJK symbols
 * and ideographs, kana, fullwidth forms; without the marks, joiners, jamo, surrogates (emoji) and CR that
 * make clusters. Most of what a child's folder or a parent's text holds: counted without Intl.Segmenter,
 * whose first use loads the break rules (about 100 ms on a slow phone, in the first screen of the form).
 */
const SIMPLE =
  /^[\t\n\u0020-\u007e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u3000-\u3029\u3030-\u303f\u3041-\u3096\u309b-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff65]*$/

function split(text: string): string[] {
  if (SIMPLE.test(text)) return text.split('')
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
