import { createAudioOutput, type AudioOutput, type AudioOutputOptions } from './audio-output'
import { createAudioPrefetcher, type Prefetch } from './prefetch-audio'
import { currentItem, isRunningOn, reduce } from './reducer'
import type { AudioSource, PlayerEvent, PlayerSnapshot, PlayerState, PlaylistItem } from './types'
import { firstUrl, upcomingUrls } from './upcoming'

/** Delays of docs/spec/product-spec.md §4 / §9. */
export const NEXT_ITEM_DELAY_MS = 500
export const SKIP_DELAY_MS = 2000

export interface PlayerOptions extends AudioOutputOptions {
  /** The audio output; by default one made from `createElement` / `isWeChat`. */
  output?: AudioOutput
  nextDelayMs?: number
  skipDelayMs?: number
  /** Fetches the audio the list plays next while a sentence plays; by default into the HTTP cache. */
  prefetch?: Prefetch
}

/** The recorded-work player: a store with commands. React reads it with `useSyncExternalStore`. */
export interface Player {
  getSnapshot(): PlayerSnapshot
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /**
   * The list the player walks (pages or words). Keeps the state unless it points past the new list.
   * While idle, fetches the list's first clip ahead (the start button's).
   */
  setPlaylist(items: readonly PlaylistItem[]): void
  /** Plays `item` from its first sentence, unless the list is already running on it. */
  playItem(item: number): void
  /**
   * Plays one clip once; `key` names it for the view (e.g. a cover row). Tapped while the list runs, the
   * list goes on from its item once the clip is over.
   */
  playOnce(key: string, source: AudioSource | null): void
  /** Stops the one-off clip playing (its own button): over, as if it had ended. */
  stopOnce(): void
  /** The play/pause button of `item`. */
  toggle(item: number): void
  pause(): void
  resume(): void
  /** Stops and forgets the position (the view left the list range). */
  stop(): void
  setPlayRecord(on: boolean): void
  setAutoNext(on: boolean): void
  /**
   * Stops playback, clears the timer and frees the audio element. The player stays usable (a later
   * play makes a new element), so React StrictMode's effect replay cannot leave it dead.
   */
  release(): void
}

export const INITIAL_SNAPSHOT: PlayerSnapshot = { state: { status: 'idle' }, playRecord: true, autoNext: true }

/**
 * Creates a player. Side effects run on entering a state (docs/style.md 5): `playing` plays its clip,
 * `skipping` and `advancing` start their one timer, every other state silences the element. Entering any
 * state first clears the previous timer, so no timer outlives a pause, a stop or a slide change.
 */
export function createPlayer(options: PlayerOptions = {}): Player {
  const output = options.output ?? createAudioOutput(options)
  const nextDelay = options.nextDelayMs ?? NEXT_ITEM_DELAY_MS
  const skipDelay = options.skipDelayMs ?? SKIP_DELAY_MS
  const prefetch = options.prefetch ?? createAudioPrefetcher()
  const listeners = new Set<() => void>()
  let snapshot = INITIAL_SNAPSHOT
  let playlist: readonly PlaylistItem[] = []
  let lastToken = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  function startTimer(token: number, ms: number): void {
    timer = setTimeout(() => {
      timer = undefined
      dispatch({ type: 'timerFired', token })
    }, ms)
  }

  function enter(state: PlayerState): void {
    clearTimer()
    switch (state.status) {
      case 'playing': {
        const { token, source, fromSec } = state
        output.play(
          { url: source.url, fromSec, endSec: source.endSec },
          {
            onEnded: () => dispatch({ type: 'clipEnded', token }),
            onFailed: () => dispatch({ type: 'clipFailed', token }),
            onBlocked: () => dispatch({ type: 'playBlocked', token }),
          },
        )
        // After play(): the sentence heard now gets the connection first.
        for (const url of upcomingUrls(playlist, snapshot)) prefetch(url)
        return
      }
      case 'skipping':
        output.pause()
        startTimer(state.token, skipDelay)
        return
      case 'advancing':
        output.pause()
        startTimer(state.token, nextDelay)
        return
      case 'idle':
      case 'paused':
      case 'finished':
        output.pause()
        return
    }
  }

  function dispatch(event: PlayerEvent): void {
    const previous = snapshot
    const next = reduce(previous, event, { playlist, token: lastToken + 1 })
    if (next === previous) return
    snapshot = next
    if (next.state !== previous.state) {
      if ('token' in next.state && next.state.token > lastToken) lastToken = next.state.token
      enter(next.state)
    }
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setPlaylist(items) {
      playlist = items
      const item = currentItem(snapshot.state)
      if (item !== null && item >= items.length) dispatch({ type: 'stop' })
      const first = snapshot.state.status === 'idle' ? firstUrl(items, snapshot.playRecord) : undefined
      if (first) prefetch(first)
    },
    playItem: (item) => dispatch({ type: 'playItem', item }),
    playOnce: (key, source) => dispatch({ type: 'playOnce', key, source }),
    stopOnce: () => dispatch({ type: 'stopOnce' }),
    toggle: (item) => dispatch({ type: 'toggle', item, atSec: isRunningOn(snapshot.state, item) ? output.position() : null }),
    pause: () => dispatch({ type: 'pause', atSec: output.position() }),
    resume: () => dispatch({ type: 'resume' }),
    stop: () => dispatch({ type: 'stop' }),
    setPlayRecord: (on) => dispatch({ type: 'setPlayRecord', value: on }),
    setAutoNext: (on) => dispatch({ type: 'setAutoNext', value: on }),
    release() {
      dispatch({ type: 'stop' })
      clearTimer()
      output.destroy()
    },
  }
}
