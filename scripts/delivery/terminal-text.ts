/**
 * Text from outside (a field report's message, a route or release a reply names) made safe to print on
 * an operator's terminal: a report is written by whatever runs on a phone, so its `ESC[2J` would clear
 * the screen, its CR or LF forge a line of the report, its U+202E turn a file name around. Each such
 * character is shown escaped, as JavaScript writes it (`\x1b`, `\r`, `\u202e`), and everything else as it
 * is (CJK included). Escape each value, not a whole report: the line feeds the report writes itself are
 * its own. Backslashes are left alone, so a message holding the six characters `\x1b` prints as it is:
 * harmless, though it reads like an escaped ESC.
 */

/**
 * C0 controls (tab, LF and CR included) and DEL; C1 controls (U+0080–U+009F: U+009B is a CSI to some
 * terminals); the bidirectional marks, embeddings, overrides and isolates; the line and paragraph
 * separators; and lone surrogates (half a character, which a terminal shows as anything: with the `u`
 * flag a pair is one astral character, so the surrogate range matches lone ones only).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu
/** What JSON.stringify leaves raw of UNSAFE (it escapes C0 controls and lone surrogates in strings). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' }

function escaped(c: string): string {
  const code = c.charCodeAt(0)
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
}

/** `value` with every character that could move the cursor, clear, recolour or reorder a terminal shown escaped. */
export function terminalText(value: string): string {
  return value.replace(UNSAFE, escaped)
}

/**
 * A template tag: the literal parts as written, each value through terminalText (numbers as they
 * print). `terminal\`watch: ${route} ${release}: kept\``.
 */
export function terminal(parts: TemplateStringsArray, ...values: unknown[]): string {
  return parts.reduce((out, part, i) => out + part + (i < values.length ? terminalText(String(values[i])) : ''), '')
}

/**
 * JSON for a terminal: `JSON.stringify` escapes C0 controls and lone surrogates but leaves DEL, C1,
 * bidi controls and U+2028/U+2029 raw; those are written as `\uXXXX` too, the same JSON value.
 */
export function terminalJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
