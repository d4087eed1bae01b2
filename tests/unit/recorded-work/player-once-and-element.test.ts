import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPlayer, isRunningOn } from '@shared/recorded-work/player'
import { FakeAudio, flush } from './support/fake-audio'
import { PLAYLIST, setupPlayer } from './support/player-fixture'

const WORD = { url: '/word.mp3', startSec: null, endSec: null }

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge
})

describe('when playing a one-off clip', () => {
  it('plays it and goes idle at its end, with no auto-next', async () => {
    const { player, audio, state } = setupPlayer()
    player.playOnce('cover-0', WORD)
    await flush()
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'once', key: 'cover-0' } })
    audio.finish()
    expect(state()).toEqual({ status: 'idle' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('goes idle without a skip timer when the clip fails', async () => {
    const { player, audio, state } = setupPlayer()
    player.playOnce('w', WORD)
    await flush()
    audio.fail()
    expect(state()).toEqual({ status: 'idle' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('silences whatever played when there is nothing to play and no list runs', async () => {
    const { player, audio, state } = setupPlayer()
    player.playOnce('a', WORD)
    await flush()
    player.playOnce('w', null)
    expect(state()).toEqual({ status: 'idle' })
    expect(audio.paused).toBe(true)
  })

  it('interrupts the list, and another list item interrupts it', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playOnce('w', WORD)
    expect(audio.src).toBe('/word.mp3')
    player.playItem(1)
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 1 } })
    expect(audio.src).toBe('/rec/b1.mp3')
  })

  it('ends on pause', async () => {
    const { player, state } = setupPlayer()
    player.playOnce('w', WORD)
    player.pause()
    expect(state()).toEqual({ status: 'idle' })
  })

  it('goes idle when the browser refuses to play', async () => {
    const { player, audio, state } = setupPlayer()
    audio.outcomes = ['NotAllowedError']
    player.playOnce('w', WORD)
    await flush()
    expect(state()).toEqual({ status: 'idle' })
  })
})

describe('a tap during auto-play (docs/decisions.md)', () => {
  it('plays the tapped clip once, then turns the page it interrupted', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playOnce('w', WORD)
    await flush()
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'once', key: 'w', after: 0 } })
    audio.finish()
    expect(state()).toMatchObject({ status: 'advancing', item: 0 })
    vi.advanceTimersByTime(500)
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 1, sentence: 0 } })
    expect(audio.src).toBe('/rec/b1.mp3')
  })

  it('shows the page playing meanwhile: its button pauses the clip and the list, and plays the page again', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playOnce('w', WORD)
    expect(isRunningOn(state(), 0)).toBe(true)
    player.toggle(0)
    expect(state()).toEqual({ status: 'paused', item: 0, sentence: 0, resumeAt: null })
    expect(audio.paused).toBe(true)
    player.toggle(0)
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 0, sentence: 0 } })
    expect(audio.src).toBe('/rec/a1.mp3')
  })

  it('waits on the page, paused, when 自动翻页 is off', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(1)
    await flush()
    player.setAutoNext(false)
    player.playOnce('w', WORD)
    await flush()
    audio.finish()
    expect(state()).toEqual({ status: 'paused', item: 1, sentence: 0, resumeAt: null, done: true })
    expect(isRunningOn(state(), 1)).toBe(false)
    player.setAutoNext(true)
    expect(state()).toMatchObject({ status: 'advancing', item: 1 })
  })

  it('goes on after a second tap, a failed clip, or the clip stopped by its own button', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playOnce('w', WORD)
    player.playOnce('x', WORD)
    expect(state()).toMatchObject({ target: { mode: 'once', key: 'x', after: 0 } })
    await flush()
    audio.fail()
    expect(state()).toMatchObject({ status: 'advancing', item: 0 })
    player.playOnce('e', WORD)
    expect(state()).toMatchObject({ target: { mode: 'once', key: 'e', after: 0 } })
    player.stopOnce()
    expect(state()).toMatchObject({ status: 'advancing', item: 0 })
  })

  it('leaves the running list alone when the tap has nothing to play', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.playOnce('w', null)
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 0, sentence: 0 } })
    expect(audio.paused).toBe(false)
  })

  it('plays a clip tapped with the list paused once, and stays idle after it', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.pause()
    player.playOnce('w', WORD)
    await flush()
    audio.finish()
    expect(state()).toEqual({ status: 'idle' })
  })
})

describe('rapid taps', () => {
  it('use one element and only the last tapped clip sounds and counts', async () => {
    const { player, audio, createElement, state } = setupPlayer()
    for (let i = 0; i < 10; i += 1) player.playOnce(`tap-${i}`, { url: `/t${i}.mp3`, startSec: null, endSec: null })
    player.playItem(1)
    player.playItem(0)
    await flush()
    expect(createElement).toHaveBeenCalledTimes(1)
    expect(audio.src).toBe('/rec/a1.mp3')
    expect(state()).toMatchObject({ status: 'playing', target: { mode: 'list', item: 0, sentence: 0 } })
    audio.finish()
    expect(state()).toMatchObject({ target: { item: 0, sentence: 1 } })
  })

  it('ignore an AbortError of an interrupted play()', async () => {
    const { player, audio, state } = setupPlayer()
    audio.outcomes = ['AbortError']
    player.playItem(0)
    await flush()
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0 } })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('subscribers', () => {
  it('hear every change and nothing after unsubscribing', () => {
    const player = createPlayer({ createElement: () => new FakeAudio(), prefetch: () => {} })
    player.setPlaylist(PLAYLIST)
    const listener = vi.fn()
    const unsubscribe = player.subscribe(listener)
    player.setAutoNext(false)
    player.setAutoNext(false)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    player.setAutoNext(true)
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('release', () => {
  it('stops, clears the timer and detaches the element', () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(2)
    player.release()
    expect(state()).toEqual({ status: 'idle' })
    expect(vi.getTimerCount()).toBe(0)
    expect(audio.listenerCount()).toBe(0)
  })

  it('unloads the source of an element that played, and ignores its late events', async () => {
    const { player, audio, state } = setupPlayer()
    player.playItem(0)
    await flush()
    player.release()
    expect(audio.paused).toBe(true)
    expect(audio.src).toBe('')
    expect(audio.loads).toBe(1)
    audio.finish()
    expect(state()).toEqual({ status: 'idle' })
  })

  it('leaves the player usable with a fresh element (StrictMode replays effects)', async () => {
    const first = new FakeAudio()
    const second = new FakeAudio()
    const createElement = vi.fn().mockReturnValueOnce(first).mockReturnValueOnce(second)
    const player = createPlayer({ createElement, prefetch: () => {} })
    player.setPlaylist(PLAYLIST)
    player.playItem(0)
    player.release()
    player.playItem(1)
    await flush()
    expect(createElement).toHaveBeenCalledTimes(2)
    expect(second.src).toBe('/rec/b1.mp3')
    expect(player.getSnapshot().state).toMatchObject({ status: 'playing', target: { item: 1 } })
  })
})

describe('in WeChat', () => {
  function weChatPlayer() {
    const audio = new FakeAudio()
    const player = createPlayer({ createElement: () => audio, isWeChat: () => true, prefetch: () => {} })
    player.setPlaylist(PLAYLIST)
    return { audio, player, state: () => player.getSnapshot().state }
  }

  it('also starts the clip from the JS bridge when it exists', async () => {
    const invoke = vi.fn((_name: string, _params: unknown, callback: () => void) => callback())
    ;(window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke }
    const { player, audio } = weChatPlayer()
    player.playItem(0)
    expect(invoke).toHaveBeenCalledWith('getNetworkType', {}, expect.any(Function))
    expect(audio.playCalls).toBe(2)
  })

  it('waits for WeixinJSBridgeReady, and a refusal before it is not final', async () => {
    const { player, audio, state } = weChatPlayer()
    audio.outcomes = ['NotAllowedError']
    player.playItem(0)
    await flush()
    expect(state().status).toBe('playing')
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    await flush()
    expect(audio.playCalls).toBe(2)
    expect(audio.paused).toBe(false)
    expect(state()).toMatchObject({ status: 'playing', target: { item: 0 } })
  })

  it('stops waiting for the bridge once the clip is left', async () => {
    const { player, audio } = weChatPlayer()
    player.playItem(0)
    player.stop()
    document.dispatchEvent(new Event('WeixinJSBridgeReady'))
    expect(audio.playCalls).toBe(1)
  })
})
