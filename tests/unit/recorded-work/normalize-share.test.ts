import { describe, expect, it } from 'vitest'
import { coverRows, itemOfSlide, normalizeShare, padSlides, playlistOf } from '@shared/recorded-work/data'

/** A path of a reply as the pages load it: on the API's origin (here the page's, a local host). */
const api = (path: string) => `${location.origin}${path}`

const XSS = '<img src=x onerror="alert(1)">'

describe('normalizeShare', () => {
  it('turns a missing, null or non-object reply into an empty book', () => {
    for (const data of [undefined, null, 42, 'x', [], {}]) {
      expect(normalizeShare(data)).toEqual({
        kind: 'book',
        title: '',
        intro: '',
        imageUrl: '',
        tags: [],
        inviter: { nickName: '', avatar: '', inviterCode: '' },
        pages: [],
        words: [],
      })
    }
  })

  it('survives null and wrongly typed fields everywhere', () => {
    const work = normalizeShare({
      title: null,
      tags: 'a,b',
      categories: null,
      userInviter: [],
      items: [null, 7, { sentences: 'no', audioRecord: 'x', startSec: 'abc' }],
      words: null,
    })
    expect(work.pages).toHaveLength(3)
    expect(work.pages[2]?.clips).toEqual([{ key: 'p2-s0', en: '', cn: '', score: null, record: null, original: null }])
    expect(work.tags).toEqual([])
  })

  it('keeps hostile text as plain text and drops unsafe URLs', () => {
    const work = normalizeShare({
      title: XSS,
      imageUrl: 'javascript:alert(1)',
      items: [{ contentEn: XSS, imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>', mediaUrl: 'https://cdn.example/a.mp3' }],
    })
    expect(work.title).toBe(XSS)
    expect(work.imageUrl).toBe('')
    expect(work.pages[0]?.imageUrl).toBe('')
    expect(work.pages[0]?.clips[0]?.original?.url).toBe('https://cdn.example/a.mp3')
  })

  it('caps very long text', () => {
    expect(normalizeShare({ title: 'x'.repeat(100_000) }).title).toHaveLength(2000)
  })

  it('plays a page without sentences from its own segment and recording', () => {
    const work = normalizeShare({
      items: [
        {
          contentEn: 'Hi',
          mediaUrl: '/book.mp3',
          startSec: 1.5,
          endSec: 3,
          audioRecord: { mediaUrl: '/rec.mp3', suggestedScore: 85 },
        },
      ],
    })
    expect(work.pages[0]?.clips).toEqual([
      {
        key: 'p0-s0',
        en: 'Hi',
        cn: '',
        score: 85,
        record: { url: api('/rec.mp3'), startSec: null, endSec: null },
        original: { url: api('/book.mp3'), startSec: 1.5, endSec: 3 },
      },
    ])
  })

  it('drops an end that is not after the start', () => {
    const work = normalizeShare({ items: [{ mediaUrl: '/b.mp3', startSec: 5, endSec: 2 }] })
    expect(work.pages[0]?.clips[0]?.original).toEqual({ url: api('/b.mp3'), startSec: 5, endSec: null })
  })

  it('clamps scores to 0–100 and has none without a recording', () => {
    const work = normalizeShare({
      items: [
        { audioRecord: { mediaUrl: '/a.mp3', suggestedScore: 250 } },
        { audioRecord: { mediaUrl: '/a.mp3', suggestedScore: '-3' } },
        { audioRecord: { suggestedScore: 90 } },
      ],
    })
    expect(work.pages.map((p) => p.clips[0]?.score)).toEqual([100, 0, null])
  })

  it('gives a page with sentences one clip per sentence, defaulting to the page media (ms / 1000)', () => {
    const work = normalizeShare({
      items: [
        {
          mediaUrl: '/page.mp3',
          sentences: [
            { en: 'One.', startTimeMs: 0, endTimeMs: 1200 },
            { en: 'Two.', mediaUrl: '/two.mp3', startTimeMs: 1200, endTimeMs: 2500 },
          ],
        },
      ],
    })
    const page = work.pages[0]
    expect(page?.en).toBe('One. Two.')
    expect(page?.clips.map((c) => c.original)).toEqual([
      { url: api('/page.mp3'), startSec: null, endSec: 1.2 },
      { url: api('/two.mp3'), startSec: 1.2, endSec: 2.5 },
    ])
  })
})

describe('category-8 flattening', () => {
  const share = {
    categories: [3, '8'],
    items: [
      {
        imageUrl: '/p1.png',
        mediaUrl: '/book.mp3',
        sentences: [
          { en: 'A', startTimeMs: 1000, endTimeMs: 2500, audioRecord: { mediaUrl: '/ra.mp3', suggestedScore: 70 } },
          { en: 'B', startTimeMs: 2500, endTimeMs: 4000 },
        ],
      },
      { imageUrl: '/p2.png', sentences: [{ en: 'C', mediaUrl: '/c.mp3' }] },
      { imageUrl: '/p3.png', contentEn: 'Alone', sentences: [] },
    ],
  }

  it('makes every sentence an item with its parent image and seconds from milliseconds', () => {
    const pages = normalizeShare(share).pages
    expect(pages.map((p) => [p.key, p.en, p.imageUrl])).toEqual([
      ['p0', 'A', api('/p1.png')],
      ['p1', 'B', api('/p1.png')],
      ['p2', 'C', api('/p2.png')],
      ['p3', 'Alone', api('/p3.png')],
    ])
    expect(pages[0]?.clips[0]).toMatchObject({
      score: 70,
      record: { url: api('/ra.mp3') },
      original: { url: api('/book.mp3'), startSec: 1, endSec: 2.5 },
    })
    expect(pages[2]?.clips[0]?.original).toEqual({ url: api('/c.mp3'), startSec: null, endSec: null })
  })

  it('does not flatten without category 8', () => {
    expect(normalizeShare({ ...share, categories: [3] }).pages).toHaveLength(3)
  })
})

describe('the word variant', () => {
  const word = {
    id: 1,
    wordEn: 'apple',
    wordCn: '苹果',
    mediaUrl: '/apple.mp3',
    ukPronunciation: '/ˈæp.əl/',
    usPronunciation: '/ˈæp.l̩/',
    usMediaUrl: '/apple-us.mp3',
    example: 'An apple a day.',
    ukExampleMediaUrl: '/ex-uk.mp3',
    audioRecord: { mediaUrl: '/rec-apple.mp3', suggestedScore: 40 },
  }

  it('is chosen when the share has words, or forced for /word_share', () => {
    expect(normalizeShare({ words: [word] }).kind).toBe('words')
    expect(normalizeShare({ items: [{}] }, { variant: 'words' }).kind).toBe('words')
  })

  it('falls back to the general media for a missing accent', () => {
    const w = normalizeShare({ words: [word] }).words[0]
    expect(w?.audio).toEqual({
      uk: { url: api('/apple.mp3'), startSec: null, endSec: null },
      us: { url: api('/apple-us.mp3'), startSec: null, endSec: null },
    })
  })

  it('plays the recording, with the pronunciation of the chosen accent as original', () => {
    const work = normalizeShare({ words: [word] })
    expect(playlistOf(work, 'us')[0]?.clips[0]?.original?.url).toBe(api('/apple-us.mp3'))
    expect(playlistOf(work, 'uk')[0]?.clips[0]?.original?.url).toBe(api('/apple.mp3'))
    expect(playlistOf(work, 'uk')[0]?.clips[0]?.record?.url).toBe(api('/rec-apple.mp3'))
  })

  it('lists the words on the cover with their scores', () => {
    expect(coverRows(normalizeShare({ words: [word] }), 'uk')).toEqual([
      { key: 'w0', en: 'apple', score: 40, source: { url: api('/rec-apple.mp3'), startSec: null, endSec: null } },
    ])
  })
})

describe('slides', () => {
  it('pads the list with the first entry as cover and end', () => {
    const entries = [{ key: 'a' }, { key: 'b' }]
    expect(padSlides(entries)).toEqual([
      { kind: 'cover', key: 'cover', entry: { key: 'a' } },
      { kind: 'entry', key: 'a', index: 0, entry: { key: 'a' } },
      { kind: 'entry', key: 'b', index: 1, entry: { key: 'b' } },
      { kind: 'end', key: 'end', entry: { key: 'a' } },
    ])
  })

  it('plays item n-1 on slide n, and nothing on the cover or the end slide', () => {
    expect([0, 1, 2, 3].map((s) => itemOfSlide(s, 2))).toEqual([null, 0, 1, null])
  })

  it('pads an empty list to a cover and an end slide', () => {
    expect(padSlides([]).map((s) => s.kind)).toEqual(['cover', 'end'])
  })
})
