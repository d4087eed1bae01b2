import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flush } from './support/fake-audio'
import { clip, NO_MEDIA, setupPlayer } from './support/player-fixture'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('when idle', () => {
  it('plays an item through its play/pause button', () => {
    const { player, state } = setupPlayer()
    player.toggle(1)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 } })
  })

  it('starts idle with 原声 and 自动翻页 on', () => {
    const { player } = setupPlayer()
    expect(player.getSnapshot()).toEqual({ state: { status: 'idle' }, playRecord: true, autoNext: true })
  })

  it('creates no audio element before the first play', () => {
    const { createElement } = setupPlayer()
    expect(createElement).not.toHaveBeenCalled()
  })

  it('plays the first sentence of an item from the learner recording', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 0, sentence: 0 } })
    expect(audio.src).toBe('/rec/a1.mp3')
    expect(audio.paused).toBe(false)
  })

  it('ignores an item outside the list', () => {
    const { player, state, listener } = setupPlayer()
    player.playItem(3)
    player.playItem(-1)
    expect(state()).toEqual({ status: 'idle' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('ignores pause and resume', () => {
    const { player, state, listener } = setupPlayer()
    player.pause()
    player.resume()
    expect(state()).toEqual({ status: 'idle' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('skips into the skipping state for an item with no media', () => {
    const { player, state } = setupPlayer()
    player.playItem(2)
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 2, sentence: 0 } })
    expect(state()).not.toHaveProperty('failed')
  })
})

describe('when playing a list sentence', () => {
  it('plays the next sentence when the clip ends', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    audio.finish()
    await flush()
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 1 } })
    expect(audio.src).toBe('/rec/a2.mp3')
  })

  it('waits 500 ms after the last sentence, then plays the next item', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.finish()
    expect(state()).toMatchObject({ status: 'advancing', item: 1 })
    vi.advanceTimersByTime(499)
    expect(state().status).toBe('advancing')
    vi.advanceTimersByTime(1)
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 2, sentence: 0 } })
  })

  it('with auto-next off, stops after the last sentence, ready to replay the page', async () => {
    const { player, audio, state } = setupPlayer()
    player.setAutoNext(false)
    player.playItem(1)
    await flush()
    audio.finish()
    expect(state()).toEqual({ status: 'paused', item: 1, sentence: 0, resumeAt: null, done: true })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('turns the page when 自动翻页 is switched back on after a silent page was skipped', () => {
    const { player, state } = setupPlayer()
    player.setAutoNext(false)
    player.playItem(2) // no media: skipped after 2000 ms, then the page is done
    vi.advanceTimersByTime(2000)
    expect(state()).toMatchObject({ status: 'paused', item: 2, done: true })
    player.setAutoNext(true)
    expect(state()).toMatchObject({ status: 'advancing', item: 2 })
  })

  it('keeps a page the user paused when 自动翻页 is switched on', async () => {
    const { player, state } = setupPlayer()
    player.setAutoNext(false)
    player.playItem(1)
    await flush()
    player.pause()
    player.setAutoNext(true)
    expect(state().status).toBe('paused')
  })

  it('plays the original segment with 原声 off: play, then a muted seek to startSec', async () => {
    const { player, audio } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    expect(audio.playCalls).toBe(1)
    expect(audio.seeks).toEqual([])
    expect(audio.muted).toBe(true)
    await flush()
    expect(audio.src).toBe('/book.mp3')
    expect(audio.seeks).toEqual([3])
    audio.seeked()
    expect(audio.muted).toBe(false)
  })

  it('stops a segment at endSec and moves on', async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(0)
    await flush()
    audio.seeked()
    audio.advanceTo(1.5)
    expect(state()).toMatchObject({ target: { sentence: 0 } })
    audio.advanceTo(2.01)
    expect(state()).toMatchObject({ status: 'playing', target: { sentence: 1 }, fromSec: 2 })
    await flush()
    // The next segment starts where this one stopped: no second seek.
    expect(audio.seeks).toEqual([1])
  })

  it('silences the element when the last segment of a page stops at endSec', async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    await flush()
    audio.seeked()
    audio.advanceTo(4.05)
    expect(audio.paused).toBe(true)
    expect(state()).toMatchObject({ status: 'advancing', item: 1 })
  })

  it('stops a segment on time with a short timer when the end is near', async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    await flush()
    audio.seeked()
    audio.advanceTo(3.8)
    vi.advanceTimersByTime(199)
    expect(state().status).toBe('playing')
    vi.advanceTimersByTime(2)
    expect(state()).toMatchObject({ status: 'advancing', item: 1 })
  })

  it('does not stop at endSec while the seek to the start is still under way', async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    await flush()
    audio.advanceTo(9) // the position of the file before the seek landed
    expect(state().status).toBe('playing')
  })

  it('plays the book clip from its startSec at once when the recording fails (404, decode)', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.fail()
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 }, source: { url: '/book.mp3' }, fromSec: 3 })
    expect(audio.src).toBe('/book.mp3')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('plays the recording at once when the book clip fails with 原声 off', async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    await flush()
    audio.fail()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/rec/b1.mp3' }, fromSec: 0 })
    expect(audio.src).toBe('/rec/b1.mp3')
  })

  it('goes on to the next sentence when the other source, played after a failure, ends', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    audio.fail()
    await flush()
    audio.seeked()
    audio.advanceTo(2.01)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 1 }, source: { url: '/rec/a2.mp3' } })
  })

  it('skips after 2000 ms when the other source fails too', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.fail()
    await flush()
    audio.fail()
    // Marked failed: the slide says so while it waits (a page with no media at all is not).
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 1, sentence: 0 }, failed: true })
    vi.advanceTimersByTime(1999)
    expect(state().status).toBe('skipping')
    vi.advanceTimersByTime(1)
    expect(state()).toMatchObject({ status: 'advancing', item: 1 })
  })

  it('skips after 2000 ms when the failed source is the only one', async () => {
    const onlyRecord = { record: { url: '/rec/r.mp3', startSec: null, endSec: null }, original: null }
    const { player, audio, state } = setupPlayer([{ clips: [onlyRecord, clip('next')] }])
    player.playItem(0)
    await flush()
    audio.fail()
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 0, sentence: 0 } })
    vi.advanceTimersByTime(2000)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 1 } })
  })

  it('skips when the chosen source was missing and the other one fails', async () => {
    const onlyOriginal = { record: null, original: { url: '/o.mp3', startSec: null, endSec: null } }
    const { player, audio, state } = setupPlayer([{ clips: [onlyOriginal] }])
    player.playItem(0)
    await flush()
    audio.fail()
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 0, sentence: 0 } })
  })

  it('does not retry the same file as the other source', async () => {
    const same = { url: '/same.mp3', startSec: null, endSec: null }
    const { player, audio, state } = setupPlayer([{ clips: [{ record: same, original: { ...same } }] }])
    player.playItem(0)
    await flush()
    audio.fail()
    expect(state().status).toBe('skipping')
    expect(audio.playCalls).toBe(1)
  })

  it('treats a play() rejected as unsupported like a media error', async () => {
    const { player, audio, state } = setupPlayer()
    audio.outcomes = ['NotSupportedError', 'NotSupportedError']
    player.playItem(0)
    await flush()
    await flush()
    expect(audio.playCalls).toBe(2)
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 0, sentence: 0 } })
  })

  it('pauses instead of skipping when the browser refuses to start without a tap', async () => {
    const { player, audio, state } = setupPlayer()
    audio.outcomes = ['NotAllowedError']
    player.playItem(1)
    await flush()
    expect(state()).toEqual({ status: 'paused', item: 1, sentence: 0, resumeAt: null })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('pauses where it is and resumes from there without seeking', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    audio.advanceTo(0.7)
    player.pause()
    expect(state()).toEqual({ status: 'paused', item: 0, sentence: 0, resumeAt: { url: '/rec/a1.mp3', sec: 0.7 } })
    expect(audio.paused).toBe(true)
    player.resume()
    await flush()
    expect(state()).toMatchObject({ status: 'playing', fromSec: 0.7, target: { sentence: 0 } })
    expect(audio.seeks).toEqual([])
    expect(audio.paused).toBe(false)
  })

  it('pauses through the play/pause button of the same item', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    audio.advanceTo(0.4)
    player.toggle(0)
    expect(state()).toEqual({ status: 'paused', item: 0, sentence: 0, resumeAt: { url: '/rec/a1.mp3', sec: 0.4 } })
  })

  it('does not restart when the slide of the page it plays comes into view', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    const before = state()
    player.playItem(0)
    expect(state()).toBe(before)
    expect(audio.playCalls).toBe(1)
  })

  it('switches to another item on a slide change and ignores the old clip ending', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playItem(1)
    expect(audio.src).toBe('/rec/b1.mp3')
    audio.emit('ended') // a late event of the old clip, before the new one started
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 } })
  })

  it('restarts the sentence from the other source when 原声 is switched', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.setPlayRecord(false)
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/book.mp3' }, fromSec: 1 })
    expect(audio.src).toBe('/book.mp3')
    expect(player.getSnapshot().playRecord).toBe(false)
  })

  it('falls back to the other source when the chosen one is missing', async () => {
    const onlyOriginal = { record: null, original: { url: '/o.mp3', startSec: null, endSec: null } }
    const { player, audio } = setupPlayer([{ clips: [onlyOriginal] }])
    player.playItem(0)
    expect(audio.src).toBe('/o.mp3')
  })

  it('stops and forgets the position', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.stop()
    expect(state()).toEqual({ status: 'idle' })
    expect(audio.paused).toBe(true)
    audio.finish()
    expect(state()).toEqual({ status: 'idle' })
  })
})

describe('when skipping a sentence with no media', () => {
  it('moves on after 2000 ms, not before', () => {
    const { player, state } = setupPlayer([{ clips: [NO_MEDIA, clip('x')] }])
    player.playItem(0)
    vi.advanceTimersByTime(1999)
    expect(state().status).toBe('skipping')
    vi.advanceTimersByTime(1)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 1 } })
  })

  it('cancels the skip when paused, and retries the sentence on resume', () => {
    const { player, state } = setupPlayer()
    player.playItem(2)
    player.pause()
    expect(state()).toEqual({ status: 'paused', item: 2, sentence: 0, resumeAt: null })
    expect(vi.getTimerCount()).toBe(0)
    player.resume()
    expect(state()).toMatchObject({ status: 'skipping', target: { item: 2 } })
  })

  it('cancels the skip on a slide change', async () => {
    const { player, state } = setupPlayer()
    player.playItem(2)
    player.playItem(1)
    vi.advanceTimersByTime(5000)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 } })
  })

  it('cancels the skip on stop', () => {
    const { player, state } = setupPlayer()
    player.playItem(2)
    player.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(state()).toEqual({ status: 'idle' })
  })

  it('tries the other source at once when 原声 is switched after both sources failed', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.fail() // the learner's recording is broken
    await flush()
    audio.fail() // and so, for now, is the book's file
    expect(state().status).toBe('skipping')
    player.setPlayRecord(false)
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/book.mp3' }, target: { item: 1 } })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('when advancing to the next item', () => {
  async function advancingFrom(item: number) {
    const setup = setupPlayer()
    setup.player.playItem(item)
    await flush()
    setup.audio.finish()
    return setup
  }

  it('signals the list end after the last item', async () => {
    const { player, state } = await advancingFrom(1)
    player.setPlaylist([{ clips: [clip('a')] }, { clips: [clip('b')] }])
    vi.advanceTimersByTime(500)
    expect(state()).toEqual({ status: 'finished' })
  })

  it('turning 自动翻页 off cancels the page turn and stays on the page', async () => {
    const { player, state } = await advancingFrom(1)
    player.setAutoNext(false)
    expect(state()).toEqual({ status: 'paused', item: 1, sentence: 0, resumeAt: null, done: true })
    vi.advanceTimersByTime(1000)
    expect(state().status).toBe('paused')
  })

  it('a pause cancels the page turn; resume replays the page', async () => {
    const { player, state } = await advancingFrom(1)
    player.pause()
    expect(vi.getTimerCount()).toBe(0)
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 } })
  })

  it('a slide change cancels the page turn', async () => {
    const { player, state } = await advancingFrom(1)
    player.playItem(0)
    vi.advanceTimersByTime(1000)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 0 } })
  })

  it('stop cancels the page turn', async () => {
    const { player, state } = await advancingFrom(1)
    player.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(state()).toEqual({ status: 'idle' })
  })

  it('the play/pause button pauses during the page turn', async () => {
    const { player, state } = await advancingFrom(1)
    player.toggle(1)
    expect(state()).toEqual({ status: 'paused', item: 1, sentence: 0, resumeAt: null })
  })
})

describe('when paused', () => {
  async function pausedOn(item: number) {
    const setup = setupPlayer()
    setup.player.playItem(item)
    await flush()
    setup.player.pause()
    return setup
  }

  it('runs no timer and keeps the element silent', async () => {
    const { audio } = await pausedOn(0)
    expect(vi.getTimerCount()).toBe(0)
    expect(audio.paused).toBe(true)
  })

  it('resumes the other source where it stopped when it was playing because the chosen one failed', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.fail() // the recording: the book clip plays instead, from 3 s
    await flush()
    audio.seeked()
    audio.advanceTo(3.4)
    player.pause()
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/book.mp3' }, fromSec: 3.4, fallback: true })
    expect(audio.src).toBe('/book.mp3')
  })

  it('resumes through the play/pause button of the same item', async () => {
    const { player, state } = await pausedOn(0)
    player.toggle(0)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 0 } })
  })

  it('plays another item from its start when that one is asked for', async () => {
    const { player, state } = await pausedOn(0)
    player.toggle(1)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 1, sentence: 0 }, fromSec: 0 })
  })

  it('ignores a late end of the paused clip', async () => {
    const { audio, state } = await pausedOn(0)
    audio.finish()
    audio.fail()
    expect(state().status).toBe('paused')
  })

  it('forgets the position on stop', async () => {
    const { player, state } = await pausedOn(0)
    player.stop()
    player.resume()
    expect(state()).toEqual({ status: 'idle' })
  })

  it('stops when the list shrinks below its item', async () => {
    const { player, state } = await pausedOn(1)
    player.setPlaylist([{ clips: [clip('a')] }])
    expect(state()).toEqual({ status: 'idle' })
  })

  it("resumes the book clip at its startSec after 原声 was switched off, not at the recording's offset", async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.advanceTo(0.7)
    player.pause()
    player.setPlayRecord(false)
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/book.mp3' }, fromSec: 3 })
  })

  it("resumes the recording at 0 after 原声 was switched on, not at the book clip's offset", async () => {
    const { player, audio, state } = setupPlayer()
    player.setPlayRecord(false)
    player.playItem(1)
    await flush()
    audio.seeked()
    audio.advanceTo(3.5)
    player.pause()
    player.setPlayRecord(true)
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/rec/b1.mp3' }, fromSec: 0 })
  })

  it('resumes where it stopped when 原声 was switched and switched back', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.advanceTo(0.7)
    player.pause()
    player.setPlayRecord(false)
    player.setPlayRecord(true)
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/rec/b1.mp3' }, fromSec: 0.7 })
  })

  it('resumes a source the new list changed (the other accent) from its own start', async () => {
    const uk = { url: '/uk.mp3', startSec: null, endSec: null }
    const us = { url: '/us.mp3', startSec: null, endSec: null }
    const { player, audio, state } = setupPlayer([{ clips: [{ record: null, original: uk }] }])
    player.playItem(0)
    await flush()
    audio.advanceTo(0.6)
    player.pause()
    player.setPlaylist([{ clips: [{ record: null, original: us }] }])
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/us.mp3' }, fromSec: 0 })
  })

  it('keeps the offset when a new list still plays the same file for the sentence', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    audio.advanceTo(0.7)
    player.pause()
    player.setPlaylist([{ clips: [clip('x')] }, { clips: [clip('b1', 3, 4)] }])
    player.resume()
    expect(state()).toMatchObject({ status: 'playing', source: { url: '/rec/b1.mp3' }, fromSec: 0.7 })
  })
})

describe('when finished', () => {
  async function finished() {
    const setup = setupPlayer([{ clips: [clip('only')] }])
    setup.player.playItem(0)
    await flush()
    setup.audio.finish()
    vi.advanceTimersByTime(500)
    return setup
  }

  it('has silenced the element and runs no timer', async () => {
    const { audio, state } = await finished()
    expect(state()).toEqual({ status: 'finished' })
    expect(audio.paused).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('goes idle on stop (the end slide left the list range)', async () => {
    const { player, state } = await finished()
    player.stop()
    expect(state()).toEqual({ status: 'idle' })
  })

  it('plays again from the item asked for', async () => {
    const { player, state } = await finished()
    player.playItem(0)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0, sentence: 0 } })
  })
})
