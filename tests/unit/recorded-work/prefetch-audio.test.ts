import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAudioPrefetcher } from '@shared/recorded-work/player'
import { flush } from './support/fake-audio'
import { clip, setupPlayer } from './support/player-fixture'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createAudioPrefetcher', () => {
  it('fetches each URL once, at low priority, cross-origin allowed', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('')))
    vi.stubGlobal('fetch', fetch)
    const prefetch = createAudioPrefetcher()
    prefetch('https://cdn.example.com/a.mp3')
    prefetch('https://cdn.example.com/a.mp3')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith('https://cdn.example.com/a.mp3', { mode: 'no-cors', priority: 'low' })
  })

  it('fetches nothing when the visitor asked the browser to save data', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('')))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } })
    createAudioPrefetcher()('/a.mp3')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fetches nothing in WebKit, whose media element would download the file a second time', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('')))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('navigator', { ...navigator, vendor: 'Apple Computer, Inc.' })
    createAudioPrefetcher()('/a.mp3')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('tries a URL again after its fetch failed', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('offline')))
    vi.stubGlobal('fetch', fetch)
    const prefetch = createAudioPrefetcher()
    prefetch('/a.mp3')
    await flush()
    prefetch('/a.mp3')
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('the player', () => {
  it('prefetches what comes next each time a list sentence starts, never for a one-off clip', async () => {
    const { player, prefetch } = setupPlayer()
    prefetch.mockClear() // the list's first clip, fetched when the list was set (next test)
    player.playOnce('row-0', { url: '/once.mp3', startSec: null, endSec: null })
    expect(prefetch).not.toHaveBeenCalled()
    player.playItem(0)
    await flush()
    expect(prefetch.mock.calls.map(([url]) => url)).toEqual(['/rec/a2.mp3', '/rec/b1.mp3'])
  })

  it("prefetches the list's first clip when the list is set while idle, so the start plays from the cache", () => {
    const { player, prefetch } = setupPlayer()
    expect(prefetch.mock.calls.map(([url]) => url)).toEqual(['/rec/a1.mp3'])
    player.playItem(1)
    prefetch.mockClear()
    player.setPlaylist([{ clips: [clip('x')] }, { clips: [clip('y')] }])
    expect(prefetch).not.toHaveBeenCalled() // playing: what comes next is fetched as each sentence starts
  })
})
