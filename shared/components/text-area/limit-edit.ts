import { segmentLength, truncateSegments } from '../../format/segments'

/**
 * Applies a length limit to one edit of a text field, the way a person expects: what was just
 * typed or pasted is cut, never the text after the caret. `prev` is the value before the edit,
 * `next` the value after it, `caret` where the caret ended (the end of the inserted text).
 * Lengths count user-perceived characters.
 * @returns the value to keep and where the caret belongs in it.
 */
export function limitEdit(prev: string, next: string, max: number, caret?: number): { value: string; caret: number } {
  const length = segmentLength(next)
  // Deleting, or any edit that does not grow the text, always goes through (a value from the
  // server may already be over the limit; the user must be able to shorten it).
  if (length <= max || length <= segmentLength(prev)) return { value: next, caret: caret ?? next.length }
  const { head, inserted, tail } = splitEdit(prev, next, caret)
  // The most inserted characters that still fit, found by halving: an inserted accent may merge
  // with the character before it, so piece lengths cannot just be added up.
  let low = 0
  let high = segmentLength(inserted)
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (segmentLength(head + truncateSegments(inserted, mid) + tail) <= max) low = mid
    else high = mid - 1
  }
  const kept = truncateSegments(inserted, low)
  return { value: head + kept + tail, caret: head.length + kept.length }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/**
 * Splits `next` into the part kept from `prev` before the edit, the inserted text, and the part kept
 * after it. The caret, when known, anchors the tail (typing `a` into `aa` is ambiguous otherwise).
 */
function splitEdit(prev: string, next: string, caret?: number): { head: string; inserted: string; tail: string } {
  let tailLength: number
  if (caret !== undefined && caret >= 0 && caret <= next.length && prev.endsWith(next.slice(caret))) {
    tailLength = next.length - caret
  } else {
    tailLength = 0
    while (tailLength < Math.min(prev.length, next.length) && prev[prev.length - 1 - tailLength] === next[next.length - 1 - tailLength]) {
      tailLength++
    }
  }
  const headLimit = Math.max(0, Math.min(prev.length, next.length) - tailLength)
  let headLength = 0
  while (headLength < headLimit && prev[headLength] === next[headLength]) headLength++
  // Never split a surrogate pair between two pieces.
  if (headLength > 0 && isHighSurrogate(next.charCodeAt(headLength - 1))) headLength--
  if (tailLength > 0 && isLowSurrogate(next.charCodeAt(next.length - tailLength))) tailLength--
  return {
    head: next.slice(0, headLength),
    inserted: next.slice(headLength, next.length - tailLength),
    tail: next.slice(next.length - tailLength),
  }
}
