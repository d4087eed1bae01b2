import type { AudioSource, Clip, PlayerEvent, PlayerSnapshot, PlayerState, PlaylistItem, ResumePoint, Target } from './types'

/** What the reducer may read besides the snapshot. */
export interface ReduceContext {
  playlist: readonly PlaylistItem[]
  /** A fresh token for a state entered by this event (the store increments it when used). */
  token: number
}

/**
 * The source a sentence plays (docs/decisions.md `原声`): with play-record on the learner's recording,
 * otherwise the original clip; when the chosen one is missing, the other; `null` when neither exists.
 */
export function pickSource(clip: Clip, playRecord: boolean): AudioSource | null {
  return playRecord ? (clip.record ?? clip.original) : (clip.original ?? clip.record)
}

function clipAt(playlist: readonly PlaylistItem[], item: number, sentence: number): Clip | undefined {
  return playlist[item]?.clips[sentence]
}

/**
 * Enters sentence (item, sentence): playing when it has a source, else skipping. It plays from the
 * source's start, or from `resumeAt` when that is a position in the very file it plays: an offset in
 * the learner's recording means nothing in the book's file, nor in the other accent's pronunciation.
 */
function enterSentence(
  snap: PlayerSnapshot,
  ctx: ReduceContext,
  item: number,
  sentence: number,
  resumeAt: ResumePoint | null = null,
): PlayerState {
  const clip = clipAt(ctx.playlist, item, sentence)
  const target: Target = { mode: 'list', item, sentence }
  // Paused on the fallback: the chosen source already failed, so resume the one that played.
  const fallback = resumeAt?.fallback && clip ? [clip.record, clip.original].find((s) => s?.url === resumeAt.url) : null
  if (fallback && resumeAt) {
    return { status: 'playing', token: ctx.token, target, source: fallback, fromSec: resumeAt.sec, fallback: true }
  }
  const source = clip ? pickSource(clip, snap.playRecord) : null
  if (!source) return { status: 'skipping', token: ctx.token, target }
  const fromSec = resumeAt && resumeAt.url === source.url ? resumeAt.sec : (source.startSec ?? 0)
  return { status: 'playing', token: ctx.token, target, source, fromSec }
}

/**
 * After the list sentence playing in `state` failed (404, decode error): its other source, from that
 * source's start, when it has one that is not the failed file and has not failed yet (docs/decisions.md
 * `原声`: a missing source means the other plays); else skipping, as for no media.
 */
function afterFailure(
  snap: PlayerSnapshot,
  ctx: ReduceContext,
  state: Extract<PlayerState, { status: 'playing' }>,
  target: Extract<Target, { mode: 'list' }>,
): PlayerState {
  const clip = clipAt(ctx.playlist, target.item, target.sentence)
  // The source not chosen by 原声; when the chosen one was missing, that is the one that just failed.
  const other = state.fallback || !clip ? null : snap.playRecord ? clip.original : clip.record
  if (!other || other.url === state.source.url) return { status: 'skipping', token: ctx.token, target, failed: true }
  return { status: 'playing', token: ctx.token, target, source: other, fromSec: other.startSec ?? 0, fallback: true }
}

/** After a sentence is over (ended, or skipped): the next sentence, the next item, or a stop. */
function afterSentence(snap: PlayerSnapshot, ctx: ReduceContext, target: Target): PlayerState {
  if (target.mode === 'once') return afterOnce(snap, ctx, target)
  const { item, sentence } = target
  if (clipAt(ctx.playlist, item, sentence + 1)) return enterSentence(snap, ctx, item, sentence + 1)
  return itemDone(snap, ctx, item)
}

/**
 * Item `item` was read (or a tap heard instead of it): the next item after the delay with auto-next on;
 * with it off, the page is done: the play button replays it from its first sentence, and switching
 * auto-next back on turns the page (a silent page must not stick).
 */
function itemDone(snap: PlayerSnapshot, ctx: ReduceContext, item: number): PlayerState {
  if (snap.autoNext) return { status: 'advancing', token: ctx.token, item }
  return { status: 'paused', item, sentence: 0, resumeAt: null, done: true }
}

/** A one-off clip is over (ended, failed or stopped): the list goes on from the item it interrupted, else idle. */
function afterOnce(snap: PlayerSnapshot, ctx: ReduceContext, target: Extract<Target, { mode: 'once' }>): PlayerState {
  return target.after === undefined ? { status: 'idle' } : itemDone(snap, ctx, target.after)
}

/** The list item a one-off clip tapped now would interrupt: the one the list runs on, or the one a tap already did. */
function interruptedItem(state: PlayerState): number | undefined {
  if (state.status === 'playing' && state.target.mode === 'once') return state.target.after
  if (state.status === 'advancing') return state.item
  if ((state.status === 'playing' || state.status === 'skipping') && state.target.mode === 'list') return state.target.item
  return undefined
}

/** The list item the state is on (playing, skipping, turning the page or paused, or a tap interrupted), else `null`. */
export function currentItem(state: PlayerState): number | null {
  switch (state.status) {
    case 'playing':
    case 'skipping':
      return state.target.mode === 'list' ? state.target.item : (state.target.after ?? null)
    case 'advancing':
    case 'paused':
      return state.item
    default:
      return null
  }
}

/**
 * True while the list is running on `item` (sounding, skipping, about to turn the page, or a tapped clip
 * that it goes on after): its button shows `暂停`.
 */
export function isRunningOn(state: PlayerState, item: number): boolean {
  if (state.status === 'advancing') return state.item === item
  if (state.status === 'playing' || state.status === 'skipping') {
    return state.target.mode === 'list' ? state.target.item === item : state.target.after === item
  }
  return false
}

function reduceState(snap: PlayerSnapshot, event: PlayerEvent, ctx: ReduceContext): PlayerState {
  const state = snap.state
  switch (event.type) {
    case 'playItem':
      if (!ctx.playlist[event.item]) return state
      // A slide change caused by the player itself must not restart the page it is already on.
      if (isRunningOn(state, event.item)) return state
      return enterSentence(snap, ctx, event.item, 0)
    case 'playOnce': {
      // Tapped while the list runs: heard now, and the list goes on after it (docs/decisions.md).
      const after = interruptedItem(state)
      // A one-off clip with nothing to play leaves a running list alone; otherwise the tap still
      // silences what played.
      if (!event.source) return after === undefined ? { status: 'idle' } : state
      return {
        status: 'playing',
        token: ctx.token,
        target: after === undefined ? { mode: 'once', key: event.key } : { mode: 'once', key: event.key, after },
        source: event.source,
        fromSec: event.source.startSec ?? 0,
      }
    }
    case 'stopOnce':
      if (state.status !== 'playing' || state.target.mode !== 'once') return state
      return afterOnce(snap, ctx, state.target)
    case 'toggle':
      if (isRunningOn(state, event.item)) return pause(state, event.atSec)
      if (state.status === 'paused' && state.item === event.item) return reduceState(snap, { type: 'resume' }, ctx)
      return reduceState(snap, { type: 'playItem', item: event.item }, ctx)
    case 'pause':
      return pause(state, event.atSec)
    case 'resume':
      if (state.status !== 'paused') return state
      return enterSentence(snap, ctx, state.item, state.sentence, state.resumeAt)
    case 'stop':
      return state.status === 'idle' ? state : { status: 'idle' }
    case 'setPlayRecord':
      // The other source is heard at once: the current list sentence starts again from its beginning.
      if ((state.status === 'playing' || state.status === 'skipping') && state.target.mode === 'list') {
        return enterSentence({ ...snap, playRecord: event.value }, ctx, state.target.item, state.target.sentence)
      }
      return state
    case 'setAutoNext':
      if (!event.value && state.status === 'advancing')
        return { status: 'paused', item: state.item, sentence: 0, resumeAt: null, done: true }
      if (event.value && state.status === 'paused' && state.done) return { status: 'advancing', token: ctx.token, item: state.item }
      return state
    case 'clipEnded':
      if (state.status !== 'playing' || state.token !== event.token) return state
      return afterSentence(snap, ctx, state.target)
    case 'clipFailed':
      if (state.status !== 'playing' || state.token !== event.token) return state
      // A one-off clip that fails is simply over; a list sentence tries its other source, then counts as
      // "no media" (docs/spec/product-spec.md §4).
      if (state.target.mode === 'once') return afterOnce(snap, ctx, state.target)
      return afterFailure(snap, ctx, state, state.target)
    case 'playBlocked':
      if (state.status !== 'playing' || state.token !== event.token) return state
      if (state.target.mode === 'once') {
        return state.target.after === undefined
          ? { status: 'idle' }
          : { status: 'paused', item: state.target.after, sentence: 0, resumeAt: null }
      }
      // No tap has unlocked audio yet: wait paused for one instead of skipping through the book.
      return { status: 'paused', item: state.target.item, sentence: state.target.sentence, resumeAt: null }
    case 'timerFired':
      if (state.status === 'skipping' && state.token === event.token) return afterSentence(snap, ctx, state.target)
      if (state.status === 'advancing' && state.token === event.token) {
        const next = state.item + 1
        return ctx.playlist[next] ? enterSentence(snap, ctx, next, 0) : { status: 'finished' }
      }
      return state
  }
}

function pause(state: PlayerState, atSec: number | null): PlayerState {
  switch (state.status) {
    case 'playing': {
      if (state.target.mode === 'once') {
        // The tapped clip stops, and so does the list it interrupted: its page plays again from the start.
        return state.target.after === undefined
          ? { status: 'idle' }
          : { status: 'paused', item: state.target.after, sentence: 0, resumeAt: null }
      }
      const resumeAt = atSec === null ? null : { url: state.source.url, sec: atSec, fallback: state.fallback }
      return { status: 'paused', item: state.target.item, sentence: state.target.sentence, resumeAt }
    }
    case 'skipping':
      if (state.target.mode === 'once') return { status: 'idle' }
      return { status: 'paused', item: state.target.item, sentence: state.target.sentence, resumeAt: null }
    case 'advancing':
      // Paused in the gap between pages: resuming replays this page rather than jumping away from it.
      return { status: 'paused', item: state.item, sentence: 0, resumeAt: null }
    default:
      return state
  }
}

/**
 * The player's reducer: the next snapshot for `event`. Pure; the store runs the side effects of the
 * state it returns. Events that do not matter in the current state return the same snapshot object.
 */
export function reduce(snap: PlayerSnapshot, event: PlayerEvent, ctx: ReduceContext): PlayerSnapshot {
  if (event.type === 'setPlayRecord' && event.value === snap.playRecord) return snap
  if (event.type === 'setAutoNext' && event.value === snap.autoNext) return snap
  const next: PlayerSnapshot =
    event.type === 'setPlayRecord'
      ? { ...snap, playRecord: event.value }
      : event.type === 'setAutoNext'
        ? { ...snap, autoNext: event.value }
        : snap
  const state = reduceState(next, event, ctx)
  return state === next.state ? next : { ...next, state }
}
