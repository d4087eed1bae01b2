import { afterEach, describe, expect, it, vi } from 'vitest'
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

describe('text whose every unit is a character of its own', () => {
  // The ranges segments.ts counts without Intl.Segmenter: every code point of the small ones, the ends
  // and every 41st of the ideographs, side by side.
  const ranges: [number, number][] = [
    [0x09, 0x0a],
    [0x20, 0x7e],
    [0xa0, 0x2ff],
    [0x2010, 0x2027],
    [0x2030, 0x205e],
    [0x3000, 0x3029],
    [0x3030, 0x303f],
    [0x3041, 0x3096],
    [0x309b, 0x30ff],
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xff01, 0xff65],
  ]
  const simple = ranges
    .flatMap(([from, to]) => {
      const step = to - from > 1000 ? 41 : 1
      return [...Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step), to]
    })
    .map((code) => String.fromCharCode(code))
    .join('')

  it('counts as Intl.Segmenter does', () => {
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(simple)].length
    expect(segmentLength(simple)).toBe(graphemes)
    expect(graphemes).toBe(simple.length)
  })

  it('is counted and cut without building a segmenter, which the first screen of the form cannot afford', async () => {
    const Original = Intl.Segmenter
    let built = 0
    const Counting = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        built++
      }
    }
    Object.defineProperty(Intl, 'Segmenter', { value: Counting, configurable: true, writable: true })
    vi.resetModules()
    try {
      const fresh = await import('@shared/format/segments')
      expect(fresh.segmentLength('我的绘本 Book 1：第一辑\n「启蒙」')).toBe(20)
      expect(fresh.truncateSegments('中文abc', 3)).toBe('中文a')
      expect(built).toBe(0)
      expect(fresh.segmentLength(E_ACUTE)).toBe(1) // a mark: the segmenter decides
      expect(built).toBe(1)
    } finally {
      Object.defineProperty(Intl, 'Segmenter', { value: Original, configurable: true, writable: true })
    }
  })
})
