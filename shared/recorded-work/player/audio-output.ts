import { takeUnlockedAudio } from '@shared/first-screen/unlocked-audio'
import { markAudioTried, recordProblem } from '@shared/telemetry/early'
import type { AudioElementLike } from './types'
import { startInWeChat } from './wechat'

/** A clip for the element: `url` from `fromSec`, stopping at `endSec` (`null` = the file's end). */
export interface ClipRequest {
  url: string
  fromSec: number
  endSec: number | null
}

/** How the clip ended. Exactly one of these is called per clip, and none after `pause()` or another `play()`. */
export interface ClipCallbacks {
  onEnded(): void
  /** 404, decode error, unsupported source. */
  onFailed(): void
  /** The autoplay policy refused to start without a tap. */
  onBlocked(): void
}

/** The one audio element of a page, behind a small API. */
export interface AudioOutput {
  /** Stops what plays and plays `clip`. Call it inside the tap handler the first time (iOS unlock). */
  play(clip: ClipRequest, callbacks: ClipCallbacks): void
  /** Stops the current clip; its callbacks are dropped. */
  pause(): void
  /** The position in the current clip's file, or `null` when no clip has started. */
  position(): number | null
  /** Releases the element and its listeners. */
  destroy(): void
}

export interface AudioOutputOptions {
  /** Makes the element; by default `new Audio()`. Called once, lazily, on the first `play()`. */
  createElement?: () => AudioElementLike
  /** True inside WeChat's browser; read lazily. */
  isWeChat?: () => boolean
}

interface Current extends ClipRequest {
  callbacks: ClipCallbacks
  /** `play()` resolved: position and `ended` now belong to this clip. */
  started: boolean
  settled: boolean
  /** A seek to `fromSec` is under way; the end check waits for it. */
  seeking: boolean
  /** In WeChat, a start through its JS bridge is still to come: a refusal now is not final. */
  wechatPending: boolean
  cancelWeChat: () => void
}

/** Seeks closer than this are not worth a seek (and the glitch of one). */
const SEEK_SLACK_SEC = 0.05
/** Under this much time left, a precise timer stops the clip (timeupdate fires only every ~250 ms). */
const PRECISE_STOP_SEC = 0.35

/**
 * Creates the page's audio output: ONE element reused for every clip, created on the first `play()`
 * (inside the first tap, which unlocks it on iOS). iOS ignores a seek before the first play, so a
 * clip plays, then seeks to its start, muted until the seek lands. A segment stops at `endSec`.
 */
export function createAudioOutput(options: AudioOutputOptions = {}): AudioOutput {
  // The element a tap on the cover drawn before React unlocked, if there was one (iOS, issue 31).
  const create = options.createElement ?? (() => takeUnlockedAudio() ?? new Audio())
  const isWeChat = options.isWeChat ?? (() => false)
  let element: AudioElementLike | null = null
  let loadedUrl = ''
  let current: Current | null = null
  let stopTimer: ReturnType<typeof setTimeout> | undefined

  function clearStopTimer(): void {
    if (stopTimer !== undefined) clearTimeout(stopTimer)
    stopTimer = undefined
  }

  function settle(c: Current, how: keyof ClipCallbacks, why = ''): void {
    if (current !== c || c.settled) return
    c.settled = true
    if (how !== 'onEnded') reportFailure(c, how, why)
    clearStopTimer()
    c.cancelWeChat()
    if (element?.muted) element.muted = false
    c.callbacks[how]()
  }

  function stopAtEnd(c: Current): void {
    element?.pause()
    settle(c, 'onEnded')
  }

  /**
   * For the field report (docs/telemetry.md): a recording that did not load (`recording`, its file), or
   * audio that could not play (`audio`: the autoplay policy, a decode error, a play() that threw).
   */
  function reportFailure(c: Current, how: 'onFailed' | 'onBlocked', why: string): void {
    // MediaError 3 is a decode error; 1, 2 and 4 (aborted, network, no supported source: a 404) did not load.
    const code = element?.error?.code
    const notLoaded = how === 'onFailed' && (code ? code !== 3 : why === 'NotSupportedError')
    if (notLoaded) recordProblem({ kind: 'recording', message: '', file: c.url })
    else
      recordProblem({
        kind: 'audio',
        message: how === 'onBlocked' ? 'NotAllowedError' : code === 3 ? 'decode error' : why || 'play failed',
      })
  }

  const listeners: Record<string, () => void> = {
    ended: () => {
      if (current?.started) settle(current, 'onEnded')
    },
    error: () => {
      if (current) settle(current, 'onFailed')
    },
    seeked: () => {
      if (!current || !element) return
      current.seeking = false
      element.muted = false
    },
    timeupdate: () => {
      const c = current
      if (!c || !element || !c.started || c.seeking || c.settled || c.endSec === null) return
      const left = c.endSec - element.currentTime
      if (left <= 0.02) stopAtEnd(c)
      else if (left < PRECISE_STOP_SEC && stopTimer === undefined) stopTimer = setTimeout(() => stopAtEnd(c), left * 1000)
    },
  }

  function ensureElement(): AudioElementLike {
    if (element) return element
    element = create()
    element.preload = 'auto'
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener)
    return element
  }

  function dropCurrent(): void {
    clearStopTimer()
    current?.cancelWeChat()
    current = null
  }

  function afterStart(c: Current, el: AudioElementLike): void {
    if (current !== c || c.settled || c.started) return
    c.started = true
    if (Math.abs(el.currentTime - c.fromSec) > SEEK_SLACK_SEC) {
      c.seeking = true
      el.currentTime = c.fromSec
    } else {
      el.muted = false
    }
  }

  function start(c: Current, el: AudioElementLike): void {
    if (current !== c || c.settled) return
    let promise: Promise<void> | undefined
    try {
      promise = el.play()
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name
      settle(c, 'onFailed', typeof name === 'string' ? name : 'play threw')
      return
    }
    if (!promise) return afterStart(c, el)
    promise.then(
      () => afterStart(c, el),
      (error: unknown) => {
        const name = (error as { name?: string } | null)?.name
        // AbortError: a newer load or pause interrupted this play; that path owns what happens next.
        if (name === 'AbortError' || c.started) return
        if (name === 'NotAllowedError' && c.wechatPending) return
        settle(c, name === 'NotAllowedError' ? 'onBlocked' : 'onFailed', String(name ?? 'play refused'))
      },
    )
  }

  return {
    play(clip, callbacks) {
      markAudioTried()
      const el = ensureElement()
      dropCurrent()
      const c: Current = {
        ...clip,
        callbacks,
        started: false,
        settled: false,
        seeking: false,
        wechatPending: false,
        cancelWeChat: () => {},
      }
      current = c
      const sameFile = loadedUrl === clip.url
      if (!sameFile) {
        el.src = clip.url
        loadedUrl = clip.url
      }
      const willSeek = sameFile ? Math.abs(el.currentTime - clip.fromSec) > SEEK_SLACK_SEC : clip.fromSec > SEEK_SLACK_SEC
      // Muted until the seek lands, so the file's opening is not heard before the segment.
      el.muted = willSeek
      start(c, el)
      if (isWeChat() && !c.settled) {
        c.wechatPending = true
        c.cancelWeChat = startInWeChat(() => {
          c.wechatPending = false
          // A second play() on a playing element is a no-op; on a refused one it is the retry.
          start(c, el)
        })
      }
    },
    pause() {
      dropCurrent()
      if (!element) return
      element.pause()
      element.muted = false
    },
    position() {
      return element && current?.started ? element.currentTime : null
    },
    destroy() {
      dropCurrent()
      if (!element) return
      element.pause()
      for (const [type, listener] of Object.entries(listeners)) element.removeEventListener(type, listener)
      element.removeAttribute('src')
      element.load()
      element = null
      loadedUrl = ''
    },
  }
}
