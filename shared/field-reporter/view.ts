/**
 * One page view's report as a state machine (docs/style.md 5): what is recorded goes in, and the
 * machine says when a beacon leaves. The reporter (start.ts) feeds it the page's events and sends what it
 * asks for; it reads and writes nothing else (the state is changed in place: the reporter's bytes are
 * capped, and copying the view at every event cost them).
 *
 * - `collecting`: something is in no beacon yet (a problem, ready, new vitals); the view has just started.
 * - `reported`: the last beacon carries everything; being hidden again sends nothing.
 *
 * A fatal problem (isFatal) sends a beacon at once, once per view (`final: false`); the page being hidden
 * or left sends the view so far (`final: true`), each beacon with the next `seq`. A page restored from the
 * back-forward cache is a new view (`restored`), with a new id, its own problems and `seq` from 0, ready
 * at once if the view it comes back as was.
 */
import { TELEMETRY_MAX_PROBLEMS, type NavigationKind, type Problem } from '../../common/telemetry/report'
import type { NewProblem, TelemetryEntry } from '../telemetry/early'
import { ms } from './ms'
import { endpointTemplate, scrubFrame, scrubPath, scrubText } from './scrub'

export interface ViewState {
  status: 'collecting' | 'reported'
  /** This view's random id (`[0-9a-z]{8,32}`). */
  view: string
  nav: NavigationKind
  /** `performance.now()` when the view started: 0 for a page load, the restore's time for a restored view. */
  start: number
  /** The `seq` of the next beacon. */
  seq: number
  /** ms from the view's start to the first frame with the page's data visible; null: not yet. */
  ready: number | null
  audioTried: boolean
  /** Scrubbed, at most TELEMETRY_MAX_PROBLEMS, each with its count and first time. */
  problems: Problem[]
  /** Problems that did not fit in `problems`. */
  dropped: number
  /** What the phone had to drop of this view so far (the report's `lost`): the reporter adds to it as a beacon leaves. */
  lost: number
  /** The beacon a fatal problem sends at once has gone (only the first fatal problem sends one). */
  fatalSent: boolean
}

export type ViewEvent =
  /** An entry of the page's queue (shared/telemetry/early.ts): a problem, ready, audio tried. */
  | TelemetryEntry
  /** A vital changed (vitals.ts): the next beacon has something new. */
  | { type: 'measured' }
  /** The page was hidden or left (`visibilitychange` → hidden, `pagehide`). */
  | { type: 'hidden' }
  /** Back from the back-forward cache at `at` (`pageshow` with `persisted`): a new view `view`. */
  | { type: 'restored'; view: string; at: number }

/** A beacon to send now, with the state it returned with. */
export interface Beacon {
  seq: number
  final: boolean
}

/** Counts stop here (the report's schema). */
const MAX_COUNT = 100_000
/** The largest `seq` (its schema): a view hidden and shown again a thousand times stops sending. */
const MAX_SEQ = 1000

/** A new view: a page load (`start` 0) or a restore. */
export function openView(view: string, nav: NavigationKind, start = 0): ViewState {
  return {
    status: 'collecting',
    view,
    nav,
    start,
    seq: 0,
    ready: null,
    audioTried: false,
    problems: [],
    dropped: 0,
    lost: 0,
    fatalSent: false,
  }
}

/**
 * A problem that is a view's failure as a person sees it, sent at once: the error boundary's `出错了`, a
 * script chunk that did not load, or an uncaught error or rejection before the page was ready (a white
 * or stuck screen in the making).
 */
export function isFatal(kind: Problem['kind'], ready: number | null): boolean {
  return kind === 'boundary' || kind === 'chunk' || ((kind === 'error' || kind === 'rejection') && ready === null)
}

type CleanProblem = Omit<Problem, 'count' | 'at'>

/** A recorded problem as it may leave the phone (scrub.ts): its kind's fields only, every one cleaned. */
export function cleanProblem(problem: NewProblem): CleanProblem {
  const status = Number(problem.status)
  return {
    kind: problem.kind,
    message: scrubText(problem.message),
    file: scrubPath(problem.file) || undefined,
    frame: scrubFrame(problem.frame) || undefined,
    ...(problem.kind === 'api' && {
      endpoint: endpointTemplate(problem.endpoint),
      status: status > 0 && status < 600 ? Math.floor(status) : 0,
    }),
  }
}

/** The same problem again: every field but its count and time alike (undefined fields are no field). */
const keyOf = ({ count: _count, at: _at, ...problem }: CleanProblem & Partial<Problem>) => JSON.stringify(problem)

/** Steps `state` (changed in place) for `event`; the beacon to send with it, if any. */
export function stepView(state: ViewState, event: ViewEvent): Beacon | null {
  // The page comes back as it was left: ready at once if it was.
  if (event.type === 'restored') {
    Object.assign(state, openView(event.view, 'restore', event.at), { ready: state.ready === null ? null : 0 })
    return null
  }
  // Nothing new: hidden again, a second ready (React's after the first screen's), audio tried again.
  const known =
    event.type === 'hidden'
      ? state.status === 'reported'
      : event.type === 'ready'
        ? state.ready !== null
        : event.type === 'audio' && state.audioTried
  if (known) return null
  state.status = 'collecting'
  /** A beacon to send now: the view so far as the page is hidden (final), or at once for a fatal problem. */
  let final = event.type === 'hidden' ? true : null
  if (event.type === 'ready') state.ready = ms(event.at - state.start)
  if (event.type === 'audio') state.audioTried = true
  if (event.type === 'problem') {
    const problem = cleanProblem(event.problem)
    const key = keyOf(problem)
    const same = state.problems.find((other) => keyOf(other) === key)
    if (same) same.count = Math.min(MAX_COUNT, same.count + 1)
    else if (state.problems.length < TELEMETRY_MAX_PROBLEMS) state.problems.push({ ...problem, count: 1, at: ms(event.at - state.start) })
    else state.dropped = Math.min(MAX_COUNT, state.dropped + 1)
    if (!state.fatalSent && isFatal(problem.kind, state.ready)) {
      state.fatalSent = true
      final = false
    }
  }
  if (final === null || state.seq > MAX_SEQ) return null
  state.status = 'reported'
  return { seq: state.seq++, final }
}
