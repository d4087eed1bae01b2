/**
 * Text from field reports printed on an operator's terminal (`npm run health`, the deploy's watch): a
 * report may carry anything, so every control character, escape sequence, carriage return and bidi
 * override is shown escaped (`\x1b`, `\r`, `\u202e`) instead of acting on the terminal. Line feeds the
 * caller writes between lines are its own; one inside a value is escaped too.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu

const escape = (c: string) => {
  const code = c.codePointAt(0)!
  if (c === '\r') return '\\r'
  if (c === '\n') return '\\n'
  if (c === '\t') return '\\t'
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** `text` safe to print: one line, nothing a terminal would act on. */
export function safeText(text: string): string {
  // Lone surrogates are unsafe; a well-formed pair (an emoji) stays.
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/gu, (c) => (c.length === 2 ? c : c.replace(UNSAFE, escape)))
}
