import { vi } from 'vitest'
import { createPlayer, type Clip, type PlaylistItem } from '@shared/recorded-work/player'
import { FakeAudio } from './fake-audio'

/** A sentence with a learner's recording `/rec/<name>.mp3` and the book's segment of `/book.mp3`. */
export function clip(name: string, startSec = 1, endSec = 2): Clip {
  return {
    record: { url: `/rec/${name}.mp3`, startSec: null, endSec: null },
    original: { url: '/book.mp3', startSec, endSec },
  }
}

export const NO_MEDIA: Clip = { record: null, original: null }

/** Page 0 has two sentences, page 1 one, page 2 a sentence without any media. */
export const PLAYLIST: PlaylistItem[] = [
  { clips: [clip('a1', 1, 2), clip('a2', 2, 3)] },
  { clips: [clip('b1', 3, 4)] },
  { clips: [NO_MEDIA] },
]

/** A fresh player on PLAYLIST with a fake audio element. */
export function setupPlayer(playlist: PlaylistItem[] = PLAYLIST) {
  const audio = new FakeAudio()
  const createElement = vi.fn(() => audio)
  const prefetch = vi.fn<(url: string) => void>()
  const player = createPlayer({ createElement, prefetch })
  player.setPlaylist(playlist)
  const listener = vi.fn()
  player.subscribe(listener)
  return { audio, createElement, prefetch, player, listener, state: () => player.getSnapshot().state }
}
