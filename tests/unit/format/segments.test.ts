import { afterEach, describe, expect, it } from 'vitest'
import { segmentLength, truncateSegments } from '@shared/format'

const FAMILY = '👨‍👩‍👧' // one grapheme, five code points
const E_ACUTE = 'e\u0301' // one grapheme, two code points

describe('with Intl.Segmenter', () => {
  it('counts user-perceived characters', () => {
    expect(segmentLength('abc')).toBe(3)
    expect(segmentLength('中文')).toBe(2)
    expect(segmentLength(FAMILY)).toBe(1)
    expect(segmentLength(`${E_ACUTE}!`)).toBe(2)
    expect(segmentLength(null)).toBe(0)
  })

  it('cuts between user-perceived characters', () => {
    expect(truncateSegments(`a${FAMILY}b`, 2)).toBe(`a${FAMILY}`)
    expect(truncateSegments(`${E_ACUTE}${E_ACUTE}`, 1)).toBe(E_ACUTE)
  })

  it('returns text that fits unchanged', () => {
    expect(truncateSegments('中文', 2)).toBe('中文')
    expect(truncateSegments('', 5)).toBe('')
  })

  it('gives nothing for a limit of 0 or less', () => {
    expect(truncateSegments('abc', 0)).toBe('')
    expect(truncateSegments('abc', -1)).toBe('')
  })
})

describe('without Intl.Segmenter', () => {
  const original = Intl.Segmenter
  const removeSegmenter = () => Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true })
  afterEach(() => {
    Object.defineProperty(Intl, 'Segmenter', { value: original, configurable: true, writable: true })
  })

  it('counts code points, so a surrogate pair is one', () => {
    removeSegmenter()
    expect(segmentLength('😀a')).toBe(2)
    expect(segmentLength(FAMILY)).toBe(5)
  })

  it('never cuts a surrogate pair in half', () => {
    removeSegmenter()
    expect(truncateSegments('😀😀', 1)).toBe('😀')
  })
})
