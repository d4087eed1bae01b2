import { describe, expect, it } from 'vitest'
import { firstUrl, upcomingUrls, type PlayerSnapshot, type PlaylistItem } from '@shared/recorded-work/player'
import { clip, NO_MEDIA, PLAYLIST } from './support/player-fixture'

function playing(item: number, sentence: number, url: string, playRecord = true): PlayerSnapshot {
  return {
    state: {
      status: 'playing',
      token: 1,
      target: { mode: 'list', item, sentence },
      source: { url, startSec: null, endSec: null },
      fromSec: 0,
    },
    playRecord,
    autoNext: true,
  }
}

describe('upcomingUrls', () => {
  it("names the page's next sentence and the next page's first one", () => {
    expect(upcomingUrls(PLAYLIST, playing(0, 0, '/rec/a1.mp3'))).toEqual(['/rec/a2.mp3', '/rec/b1.mp3'])
  })

  it('names only the next page on the last sentence of a page', () => {
    expect(upcomingUrls(PLAYLIST, playing(0, 1, '/rec/a2.mp3'))).toEqual(['/rec/b1.mp3'])
  })

  it('names the book file once, and not at all while it is the one playing, with 原声 off', () => {
    expect(upcomingUrls(PLAYLIST, playing(0, 0, '/book.mp3', false))).toEqual([])
  })

  it("skips a next page's sentences without media to its first playable one", () => {
    const list: PlaylistItem[] = [{ clips: [clip('a1')] }, { clips: [NO_MEDIA, clip('b2')] }]
    expect(upcomingUrls(list, playing(0, 0, '/rec/a1.mp3'))).toEqual(['/rec/b2.mp3'])
  })

  it('names nothing on the last page, for a one-off clip, or when not playing', () => {
    expect(upcomingUrls(PLAYLIST, playing(1, 0, '/rec/b1.mp3'))).toEqual([])
    const once: PlayerSnapshot = {
      state: {
        status: 'playing',
        token: 1,
        target: { mode: 'once', key: 'row-0' },
        source: { url: '/x.mp3', startSec: null, endSec: null },
        fromSec: 0,
      },
      playRecord: true,
      autoNext: true,
    }
    expect(upcomingUrls(PLAYLIST, once)).toEqual([])
    expect(upcomingUrls(PLAYLIST, { ...once, state: { status: 'paused', item: 0, sentence: 0, resumeAt: null } })).toEqual([])
  })
})

describe('firstUrl', () => {
  it('names the first playable sentence of the list, the recording or with 原声 off the original', () => {
    const list: PlaylistItem[] = [{ clips: [NO_MEDIA] }, { clips: [NO_MEDIA, clip('b2')] }]
    expect(firstUrl(list, true)).toBe('/rec/b2.mp3')
    expect(firstUrl(PLAYLIST, true)).toBe('/rec/a1.mp3')
    expect(firstUrl(PLAYLIST, false)).toBe('/book.mp3')
  })

  it('names nothing for a list without media', () => {
    expect(firstUrl([{ clips: [NO_MEDIA] }], true)).toBeUndefined()
    expect(firstUrl([], true)).toBeUndefined()
  })
})
