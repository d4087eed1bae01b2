/**
 * The recorded-work player's vocabulary (docs/spec/product-spec.md §4 "Playback state"). The player is a React-free state
 * machine: `reducer.ts` decides the next state, `create-player.ts` runs the side effects of entering it.
 */

/** One playable piece of audio: a whole file, or the segment `startSec`..`endSec` of it. */
export interface AudioSource {
  url: string
  /** Where the clip starts in the file; `null` = at the beginning. */
  startSec: number | null
  /** Where the clip stops; `null` = at the end of the file. */
  endSec: number | null
}

/** A sentence: the learner's recording and the book's original clip; either may be missing. */
export interface Clip {
  record: AudioSource | null
  original: AudioSource | null
}

/** One list entry (a page or a word) and the sentences it plays in order. */
export interface PlaylistItem {
  clips: readonly Clip[]
}

/**
 * What is playing: a sentence of the list, or a one-off clip (a tapped cover row, a word's pronunciation).
 * `after`: the clip was tapped while the list ran on that item (docs/decisions.md "a tap during
 * auto-play"): once it is over, the list goes on from that item (its page turns with `自动翻页`, else it
 * waits paused), and meanwhile the item's play / pause button shows `暂停`.
 */
export type Target = { mode: 'list'; item: number; sentence: number } | { mode: 'once'; key: string; after?: number }

/**
 * The player's states. `token` numbers each entry into a timed or sounding state, so that a late audio
 * event or timer of an earlier entry is recognised and ignored.
 */
export type PlayerState =
  /** Nothing to play: initially, after `stop()`, after a one-off clip. */
  | { status: 'idle' }
  /**
   * The audio element plays `source` from `fromSec` (play, then seek). `fallback`: the sentence's chosen
   * source failed and this is its other one; when this fails too, the sentence is skipped.
   */
  | { status: 'playing'; token: number; target: Target; source: AudioSource; fromSec: number; fallback?: boolean }
  /**
   * The sentence has no media, or every source it has failed (`failed`: the slide says so while it
   * waits): move on after the skip delay (2000 ms).
   */
  | { status: 'skipping'; token: number; target: Target; failed?: boolean }
  /** The last sentence of `item` ended with auto-next on: the next item after the next delay (500 ms). */
  | { status: 'advancing'; token: number; item: number }
  /**
   * Paused on a sentence. `resumeAt` is where it stopped: a position in the file `url`. A resume goes on
   * from there only when the sentence still plays that file (`原声` or the accent may have changed it);
   * otherwise, or when `null`, it starts the sentence's source at its own start. `done`: the page was
   * read to its end with auto-next off; switching auto-next back on turns the page.
   */
  | { status: 'paused'; item: number; sentence: number; resumeAt: ResumePoint | null; done?: boolean }
  /** The list ran out with auto-next on: the view shows the end slide. */
  | { status: 'finished' }

/** A position in an audio file. */
export interface ResumePoint {
  url: string
  sec: number
  /** The file was the sentence's other source, playing because its chosen one failed. */
  fallback?: boolean
}

export type PlayerStatus = PlayerState['status']

/** Everything a view needs to draw the player. */
export interface PlayerSnapshot {
  state: PlayerState
  /** `原声`: play the learner's recording (on) or the book's original clip (off). Default on. */
  playRecord: boolean
  /** `自动翻页`: go on to the next item after the last sentence. Default on. */
  autoNext: boolean
}

/** Events the reducer understands. Commands come from the view; the rest from the audio element and timers. */
export type PlayerEvent =
  | { type: 'playItem'; item: number }
  | { type: 'playOnce'; key: string; source: AudioSource | null }
  /** The one-off clip playing is stopped by its own button: it is over, as if it had ended. */
  | { type: 'stopOnce' }
  /** The play/pause button of `item`; `atSec` is the element's position, kept if this pauses. */
  | { type: 'toggle'; item: number; atSec: number | null }
  | { type: 'pause'; atSec: number | null }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'setPlayRecord'; value: boolean }
  | { type: 'setAutoNext'; value: boolean }
  /** The clip reached its end (`ended`, or `endSec` passed). */
  | { type: 'clipEnded'; token: number }
  /** The clip cannot play: 404, decode error, unsupported source. */
  | { type: 'clipFailed'; token: number }
  /** The browser refused to start audio without a tap (autoplay policy). */
  | { type: 'playBlocked'; token: number }
  | { type: 'timerFired'; token: number }

/** The smallest part of HTMLAudioElement the player uses; tests pass a fake with the same shape. */
export interface AudioElementLike {
  src: string
  currentTime: number
  muted: boolean
  preload: string
  readonly paused: boolean
  /** Why the element failed (MediaError: 3 decode, else it did not load); null or absent when it has not. */
  readonly error?: { readonly code: number } | null
  play(): Promise<void> | undefined
  pause(): void
  removeAttribute(name: string): void
  load(): void
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}
