export { createPlayer, INITIAL_SNAPSHOT, NEXT_ITEM_DELAY_MS, SKIP_DELAY_MS } from './create-player'
export type { Player, PlayerOptions } from './create-player'
export { createAudioOutput } from './audio-output'
export { createAudioPrefetcher, type Prefetch } from './prefetch-audio'
export { firstUrl, upcomingUrls } from './upcoming'
export type { AudioOutput, AudioOutputOptions, ClipCallbacks, ClipRequest } from './audio-output'
export { currentItem, isRunningOn, pickSource, reduce } from './reducer'
export type {
  AudioElementLike,
  AudioSource,
  Clip,
  PlayerEvent,
  PlayerSnapshot,
  PlayerState,
  PlayerStatus,
  PlaylistItem,
  ResumePoint,
  Target,
} from './types'
