import { vi } from 'vitest'
import type { AudioElementLike } from '@shared/recorded-work/player'

type PlayOutcome = 'resolve' | 'NotAllowedError' | 'NotSupportedError' | 'AbortError'

/**
 * A stand-in for HTMLAudioElement: records play/pause/seek calls, lets a test decide how `play()`
 * settles, and fires media events on demand. `sounding` is true between a resolved play and a pause.
 */
export class FakeAudio implements AudioElementLike {
  src = ''
  muted = false
  preload = ''
  paused = true
  /** How the next `play()` calls settle, oldest first; `resolve` when empty. */
  outcomes: PlayOutcome[] = []
  playCalls = 0
  seeks: number[] = []
  loads = 0
  private time = 0
  private readonly listeners = new Map<string, Set<() => void>>()

  get currentTime(): number {
    return this.time
  }

  set currentTime(value: number) {
    this.time = value
    this.seeks.push(value)
  }

  play(): Promise<void> {
    this.playCalls += 1
    const outcome = this.outcomes.shift() ?? 'resolve'
    if (outcome === 'resolve') {
      this.paused = false
      return Promise.resolve()
    }
    return Promise.reject(Object.assign(new Error(outcome), { name: outcome }))
  }

  pause(): void {
    this.paused = true
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = ''
  }

  load(): void {
    this.loads += 1
  }

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set()
    set.add(listener)
    this.listeners.set(type, set)
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener)
  }

  listenerCount(): number {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }

  emit(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener()
  }

  /** Playback moves to `sec` (a timeupdate). */
  advanceTo(sec: number): void {
    this.time = sec
    this.emit('timeupdate')
  }

  /** The file played to its end. */
  finish(): void {
    this.paused = true
    this.emit('ended')
  }

  /** The media failed (404, decode error). */
  fail(): void {
    this.paused = true
    this.emit('error')
  }

  /** The pending seek landed. */
  seeked(): void {
    this.emit('seeked')
  }
}

/** Lets the promise callbacks of `play()` run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await Promise.resolve()
}

/**
 * What a page with the player needs in a unit test: FakeAudio for `Audio`, and a `fetch` that answers
 * empty (the player fetches the next page's audio in the background; no network in unit tests).
 * `vi.unstubAllGlobals()` undoes both.
 */
export function stubPlayerGlobals(): void {
  vi.stubGlobal('Audio', FakeAudio)
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(''))),
  )
}
