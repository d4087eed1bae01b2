import { describe, expect, it } from 'vitest'
import { terminal, terminalJson, terminalText } from '../../scripts/delivery/terminal-text'

describe('terminalText', () => {
  it('shows an escape sequence escaped, so it cannot clear the screen', () => {
    expect(terminalText('boom\u001b[2J\u001b[H')).toBe('boom\\x1b[2J\\x1b[H')
  })

  it('shows CR, LF and tab escaped, so a value cannot forge a line', () => {
    expect(terminalText('a\r\nTAKE BACK /x\tb')).toBe('a\\r\\nTAKE BACK /x\\tb')
  })

  it('shows the other C0 controls, DEL and the C1 controls as \\x escapes', () => {
    expect(terminalText('\u0000\u0007\u007f\u0085\u009b')).toBe('\\x00\\x07\\x7f\\x85\\x9b')
  })

  it('shows bidi overrides, marks and isolates, and the line separators, as \\u escapes', () => {
    expect(terminalText('/assets/\u202egnp.js \u200f\u2066\u2069\u061c\u2028')).toBe(
      '/assets/\\u202egnp.js \\u200f\\u2066\\u2069\\u061c\\u2028',
    )
  })

  it('shows a lone surrogate escaped and keeps a pair, CJK and emoji as they are', () => {
    expect(terminalText('\ud800 \udc00 😀 单词分享')).toBe('\\ud800 \\udc00 😀 单词分享')
  })

  it('leaves backslashes and plain text alone', () => {
    expect(terminalText('C:\\path \\x1b ok')).toBe('C:\\path \\x1b ok')
  })
})

describe('terminal`…`', () => {
  it('escapes the values and keeps the literal parts, line feeds included', () => {
    expect(terminal`watch: ${'/x\u001b[2J'} ${3} views\n`).toBe('watch: /x\\x1b[2J 3 views\n')
  })
})

describe('terminalJson', () => {
  it('writes C1 and bidi controls as \\u escapes and still parses to the same value', () => {
    const value = { m: 'a\u001b\u202e\u009b\ud800😀\n' }
    const json = terminalJson(value)
    for (const c of ['\u001b', '\u202e', '\u009b']) expect(json).not.toContain(c)
    expect(json).toContain('\\u202e')
    expect(JSON.parse(json)).toEqual(value)
    expect(json.split('\n')).toHaveLength(3)
  })
})
