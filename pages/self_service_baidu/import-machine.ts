import type { CloudEntry, CloudPage, JobView } from './cloud-data'

/**
 * The import page's state machine (docs/style.md 5): authorize → browse → select → import → done /
 * partial / failed, with `expired` back to authorize from any step. Pure: import-flow.ts runs the
 * requests on entering a state and feeds their answers back as events.
 */

/** A picked entry: what the import sends (`fsId`) and what the capacity check adds up (`size`). */
export interface Picked {
  fsId: string
  name: string
  size: number
}

/** One folder's listing. `next` is where the next page starts (what the server has sent so far). */
export type Listing =
  | { status: 'loading' }
  | { status: 'failed'; msg: string }
  | { status: 'loaded'; entries: CloudEntry[]; next: number; hasMore: boolean; more: 'idle' | 'loading' | 'failed' }

/** What the footer's `导入` has started: nothing, the capacity check, the import request, or the refusal. */
export type Pending = 'none' | 'capacity' | 'starting' | 'noCapacity'

/** Why the import ended short of a full success. */
export interface Outcome {
  kind: 'done' | 'partial' | 'failed'
  createdIds: number[]
  failed: { name: string; msg: string }[]
}

export type ImportState =
  | { status: 'checking' }
  /** The link names no usable target (query.ts); nothing is asked of the server. */
  | { status: 'badLink' }
  | { status: 'checkFailed'; msg: string }
  | { status: 'unauthorized'; authorizing: boolean }
  | { status: 'browsing'; account: string; dir: string; listing: Listing; picked: Picked[]; pending: Pending }
  | { status: 'importing'; jobId: string; done: number; total: number; stalled: string | null }
  | { status: 'finished'; outcome: Outcome }

export type ImportEvent =
  | { type: 'badLink' }
  | { type: 'statusLoaded'; authorized: boolean; account: string }
  /** The status asked again under a page drawn from the one kept at the last open (first-state.ts). */
  | { type: 'statusChecked'; authorized: boolean; account: string }
  | { type: 'statusFailed'; msg: string }
  | { type: 'retry' }
  | { type: 'authorize' }
  | { type: 'authorizeUnavailable' }
  | { type: 'shown' }
  | { type: 'open'; dir: string }
  | { type: 'listed'; dir: string; start: number; page: CloudPage }
  | { type: 'listFailed'; dir: string; start: number; msg: string }
  | { type: 'more' }
  | { type: 'toggle'; entry: CloudEntry }
  | { type: 'import' }
  | { type: 'capacityChecked'; remainingBytes: number }
  | { type: 'capacityFailed' }
  | { type: 'started'; jobId: string }
  | { type: 'refused'; noCapacity: boolean }
  | { type: 'dismiss' }
  | { type: 'progress'; job: JobView }
  | { type: 'pollFailed'; msg: string }
  | { type: 'expired' }
  | { type: 'restart' }

export const initialImportState: ImportState = { status: 'checking' }

/** The root of the drive. */
export const ROOT = '/'

/** Whether `entry` can be picked in this mode: files for an album, folders for a parent. */
export function isPickable(entry: CloudEntry, pick: 'files' | 'folders'): boolean {
  return pick === 'folders' ? entry.isDir : !entry.isDir
}

/** The picked entries' total size in bytes. */
export function pickedBytes(picked: readonly Picked[]): number {
  return picked.reduce((sum, p) => sum + p.size, 0)
}

type Browsing = Extract<ImportState, { status: 'browsing' }>

function browse(state: Browsing, event: ImportEvent, pick: 'files' | 'folders'): ImportState {
  const { listing, pending } = state
  switch (event.type) {
    case 'open':
      // Not while the import is being sent: the footer and the list stand still until it answers.
      if (pending === 'capacity' || pending === 'starting') return state
      return { ...state, dir: event.dir, listing: { status: 'loading' }, pending: 'none' }
    case 'listed': {
      if (event.dir !== state.dir) return state // an answer for a folder left since
      if (listing.status === 'loading' && event.start === 0) {
        return {
          ...state,
          listing: { status: 'loaded', entries: event.page.entries, next: event.page.received, hasMore: event.page.hasMore, more: 'idle' },
        }
      }
      if (listing.status === 'loaded' && listing.more === 'loading' && event.start === listing.next) {
        // A page boundary may repeat an entry (the folder changed in between): keep the first.
        const seen = new Set(listing.entries.map((e) => e.fsId))
        const added = event.page.entries.filter((e) => !seen.has(e.fsId))
        // Folders first across pages too: the server sends all folders before any file.
        const entries = [...listing.entries, ...added]
        return {
          ...state,
          listing: { status: 'loaded', entries, next: listing.next + event.page.received, hasMore: event.page.hasMore, more: 'idle' },
        }
      }
      return state
    }
    case 'listFailed':
      if (event.dir !== state.dir) return state
      if (listing.status === 'loading' && event.start === 0) return { ...state, listing: { status: 'failed', msg: event.msg } }
      if (listing.status === 'loaded' && listing.more === 'loading' && event.start === listing.next) {
        return { ...state, listing: { ...listing, more: 'failed' } }
      }
      return state
    case 'retry':
      if (listing.status === 'failed') return { ...state, listing: { status: 'loading' } }
      if (listing.status === 'loaded' && listing.more === 'failed') return { ...state, listing: { ...listing, more: 'loading' } }
      return state
    case 'more':
      if (listing.status === 'loaded' && listing.hasMore && listing.more === 'idle')
        return { ...state, listing: { ...listing, more: 'loading' } }
      return state
    case 'toggle': {
      if (pending !== 'none' || !isPickable(event.entry, pick)) return state
      const { fsId, name, size } = event.entry
      const has = state.picked.some((p) => p.fsId === fsId)
      return { ...state, picked: has ? state.picked.filter((p) => p.fsId !== fsId) : [...state.picked, { fsId, name, size }] }
    }
    case 'import':
      return pending === 'none' && state.picked.length > 0 ? { ...state, pending: 'capacity' } : state
    case 'capacityChecked':
      if (pending !== 'capacity') return state
      return { ...state, pending: pickedBytes(state.picked) > event.remainingBytes ? 'noCapacity' : 'starting' }
    case 'capacityFailed':
      return pending === 'capacity' ? { ...state, pending: 'none' } : state
    case 'started':
      if (pending !== 'starting') return state
      return { status: 'importing', jobId: event.jobId, done: 0, total: state.picked.length, stalled: null }
    case 'refused':
      if (pending !== 'starting') return state
      return { ...state, pending: event.noCapacity ? 'noCapacity' : 'none' }
    case 'dismiss':
      return pending === 'noCapacity' ? { ...state, pending: 'none' } : state
    case 'expired':
      return { status: 'unauthorized', authorizing: false }
    case 'statusChecked':
      // The grant ended since the status the page was drawn from; else the account's name as it is now.
      if (!event.authorized) return { status: 'unauthorized', authorizing: false }
      return event.account === state.account ? state : { ...state, account: event.account }
    default:
      return state
  }
}

function outcomeOf(job: JobView): Outcome {
  const { createdIds, failed } = job
  if (job.status === 'failed') return { kind: 'failed', createdIds, failed }
  return { kind: failed.length > 0 ? 'partial' : 'done', createdIds, failed }
}

/**
 * Handles only the events that matter in each state; anything else leaves the state as it is (the
 * same object, so the runner knows nothing happened). `pick` is the page's mode.
 */
export function importReducer(state: ImportState, event: ImportEvent, pick: 'files' | 'folders'): ImportState {
  switch (state.status) {
    case 'checking':
      if (event.type === 'statusLoaded') {
        if (!event.authorized) return { status: 'unauthorized', authorizing: false }
        return { status: 'browsing', account: event.account, dir: ROOT, listing: { status: 'loading' }, picked: [], pending: 'none' }
      }
      if (event.type === 'statusFailed') return { status: 'checkFailed', msg: event.msg }
      if (event.type === 'expired') return { status: 'unauthorized', authorizing: false }
      if (event.type === 'badLink') return { status: 'badLink' }
      return state
    case 'badLink':
      return state
    case 'checkFailed':
      return event.type === 'retry' || event.type === 'shown' ? { status: 'checking' } : state
    case 'unauthorized':
      // Authorized since the status this step was drawn from: the drive's root, as a first check would.
      if (event.type === 'statusChecked')
        return event.authorized ? importReducer(initialImportState, { ...event, type: 'statusLoaded' }, pick) : state
      // Every tap asks the host again: a sign-in that never opened must not leave the button dead.
      if (event.type === 'authorize') return { status: 'unauthorized', authorizing: true }
      if (event.type === 'authorizeUnavailable') return state.authorizing ? { status: 'unauthorized', authorizing: false } : state
      // The host sends visibleChange when its sign-in closes: ask again whether it worked.
      if (event.type === 'shown') return { status: 'checking' }
      return state
    case 'browsing':
      return browse(state, event, pick)
    case 'importing':
      if (event.type === 'progress') {
        if (event.job.status !== 'running') return { status: 'finished', outcome: outcomeOf(event.job) }
        return { ...state, done: event.job.done, total: event.job.total || state.total, stalled: null }
      }
      if (event.type === 'pollFailed') return { ...state, stalled: event.msg }
      if (event.type === 'retry' && state.stalled !== null) return { ...state, stalled: null }
      if (event.type === 'expired') return { status: 'unauthorized', authorizing: false }
      return state
    case 'finished':
      return event.type === 'restart' && state.outcome.kind === 'failed' ? { status: 'checking' } : state
  }
}
