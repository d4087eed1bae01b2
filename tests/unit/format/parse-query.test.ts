import { describe, expect, it } from 'vitest'
import { parseQuery } from '@shared/format'

describe('parseQuery', () => {
  it('reads keys and decoded values', () => {
    expect(parseQuery('?id=12&title=%E7%BB%98%E6%9C%AC&isNeedBackWeb=1')).toEqual({
      id: '12',
      title: '绘本',
      isNeedBackWeb: '1',
    })
  })

  it('works without the leading ?', () => {
    expect(parseQuery('r=abc')).toEqual({ r: 'abc' })
  })

  it('reads + as a space', () => {
    expect(parseQuery('?q=a+b')).toEqual({ q: 'a b' })
  })

  it('keeps a malformed escape as written instead of throwing', () => {
    expect(parseQuery('?t=%E4%B8&ok=1')).toEqual({ t: '%E4%B8', ok: '1' })
  })

  it('keeps everything after the first = in the value', () => {
    expect(parseQuery('?r=a=b')).toEqual({ r: 'a=b' })
  })

  it('maps a key without = to an empty string and skips empty pairs', () => {
    expect(parseQuery('?flag&&x=1')).toEqual({ flag: '', x: '1' })
  })

  it('keeps the first of repeated keys', () => {
    expect(parseQuery('?id=1&id=2')).toEqual({ id: '1' })
  })

  it('ignores the hash', () => {
    expect(parseQuery('?id=1#top')).toEqual({ id: '1' })
  })

  it('treats __proto__ as a plain key', () => {
    const query = parseQuery('?__proto__=x&a=1')
    expect(query['__proto__']).toBe('x')
    expect(Object.getPrototypeOf(query)).toBeNull()
  })

  it.each(['', '?', null, undefined])('gives an empty map for %j', (search) => {
    expect(parseQuery(search)).toEqual({})
  })
})
