import { apiUrl } from '../../http/settings'

/**
 * Defensive readers for API values: the server is not trusted for shape (docs/contracts/api.md), so every
 * field is read as `unknown` and turned into a safe value or an empty one. Nothing here throws.
 */

/** Longest text kept from one field; longer hostile input is cut rather than laid out. */
const MAX_TEXT = 2000
const MAX_URL = 2048

/** A string field as text: strings and finite numbers, trimmed and capped; anything else is `''`. */
export function readText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return ''
  return value.trim().slice(0, MAX_TEXT)
}

/** A finite number (a numeric string counts), else `null`. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : null
  }
  return null
}

/** A list field: the array itself, or `[]` for null, missing or a non-array. */
export function readList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** An object field, or an empty object. */
export function readObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/**
 * A media or image URL that is safe to hand to `src`: http(s), protocol-relative or a relative path.
 * Other schemes (`javascript:`, `data:`, `file:` …) give `''`.
 */
export function readUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text || text.length > MAX_URL || /[\s<>"]/.test(text)) return ''
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)
  if (scheme) return /^https?$/i.test(scheme[1] ?? '') ? text : ''
  return text
}

/**
 * A picture or audio URL of a reply, made safe ({@link readUrl}) and resolved against the API's origin
 * (`apiUrl`): the pages may live on another origin than the media.
 */
export function readMediaUrl(value: unknown): string {
  return apiUrl(readUrl(value))
}

/** A score clamped to 0–100, or `null` when there is none. */
export function readScore(value: unknown): number | null {
  const n = readNumber(value)
  return n === null ? null : Math.min(100, Math.max(0, n))
}

/** A list of non-empty strings (tags). */
export function readTextList(value: unknown, max = 20): string[] {
  return readList(value)
    .map(readText)
    .filter((text) => text !== '')
    .slice(0, max)
}
