import { pickSource } from './reducer'
import type { PlayerSnapshot, PlaylistItem } from './types'

/**
 * The files the list will want next while it plays a sentence: the page's next sentence, and the next
 * page's first playable sentence (what auto-next or a swipe plays). Without the one playing now, each
 * once, at most two; none for a one-off clip or in any other state.
 */
export function upcomingUrls(playlist: readonly PlaylistItem[], snap: PlayerSnapshot): string[] {
  const { state } = snap
  if (state.status !== 'playing' || state.target.mode !== 'list') return []
  const { item, sentence } = state.target
  const urlOf = (clip: PlaylistItem['clips'][number] | undefined) => (clip ? pickSource(clip, snap.playRecord)?.url : undefined)
  const nextPage = playlist[item + 1]?.clips.map(urlOf).find(Boolean)
  const wanted = [urlOf(playlist[item]?.clips[sentence + 1]), nextPage]
  return [...new Set(wanted)].filter((url): url is string => !!url && url !== state.source.url)
}

/**
 * The file a tap on the start button plays first (the list's first playable sentence), fetched while
 * the visitor reads the cover so that the tap plays from the cache.
 */
export function firstUrl(playlist: readonly PlaylistItem[], playRecord: boolean): string | undefined {
  for (const item of playlist) {
    for (const clip of item.clips) {
      const url = pickSource(clip, playRecord)?.url
      if (url) return url
    }
  }
  return undefined
}
