import type {
  CloudDriveStatus,
  CloudFileList,
  CloudFileQuery,
  CloudImportJob,
  CloudImportStart,
  CloudImportTarget,
} from '@shared/api/cloud-drive-types'
import { CAPACITY, CLOUD_AUTH_EXPIRED } from '@shared/api/cloud-drive-types'
import type { Capacity } from '@shared/api/types'
import type { ApiResult } from '@shared/http'
import { toCloudPage, toJobView } from './cloud-data'
import { listingQuery, statusLoaded } from './first-state'
import { importReducer, initialImportState, type ImportEvent, type ImportState } from './import-machine'
import type { ImportMode } from './query'

export { PAGE_SIZE } from './first-state'

/** Page texts of docs/contracts/ui-text.md "Cloud-drive import" that the flow itself shows. */
export const IMPORT_DONE = '导入成功'
export const AUTH_EXPIRED = '百度网盘授权已过期，请重新授权'
export const IN_APP_ONLY = '请在App内操作'
export const IMPORT_FAILED = '导入失败'

/** The job is asked about once a second (docs/contracts/api.md). */
export const POLL_MS = 1000
/** Failed polls in a row before the page says so and waits for `重试` (a single blip just asks again). */
export const POLL_TRIES = 3
/** How long `导入成功` shows before the page returns to the list. */
export const DONE_PAUSE_MS = 1200

/** What the flow needs from the outside: the API calls, the bridge, the toast, the way back. */
export interface FlowDeps {
  /** null for a link without a usable target: the flow goes to `badLink` as it starts. */
  mode: ImportMode | null
  status: () => Promise<ApiResult<CloudDriveStatus>>
  files: (query: CloudFileQuery) => Promise<ApiResult<CloudFileList>>
  capacity: () => Promise<ApiResult<Capacity>>
  start: (fsIds: string[], target: CloudImportTarget) => Promise<ApiResult<CloudImportStart>>
  job: (jobId: string) => Promise<ApiResult<CloudImportJob>>
  /** Starts the host's cloud-drive sign-in; false when there is no host to do it. */
  authorize: () => boolean
  toast: (msg: string) => void
  /** Leaves for the list the page was opened from. */
  backToList: () => void
  /** Where to start when the HTML's early replies are already in (first-state.ts); default: checking. */
  initial?: ImportState | null
  /** `initial` was drawn from the status kept at the last open: the flow asks for it again as it starts. */
  recheck?: boolean
}

export interface ImportFlow {
  getState: () => ImportState
  subscribe: (listener: () => void) => () => void
  send: (event: ImportEvent) => void
  /** Runs the current state's side effect (the first request). */
  start: () => void
  /** Stops timers and ignores every answer still on its way. */
  dispose: () => void
}

const MB = 1024 * 1024
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/**
 * The import page without React (docs/style.md 4): the state of import-machine.ts plus the side effects
 * run on entering each state, every answer fed back as an event. An answer that no longer fits (the
 * user opened another folder meanwhile) is dropped by the reducer.
 */
export function createImportFlow(deps: FlowDeps): ImportFlow {
  const { mode } = deps
  const pick = mode?.pick ?? 'files'
  let state: ImportState = deps.initial ?? initialImportState
  // The first start() enters the state as if from checking: a root listing still to load is asked then.
  let started = false
  let disposed = false
  let timer: ReturnType<typeof setTimeout> | null = null
  const listeners = new Set<() => void>()

  const later = (fn: () => void, ms: number) => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      if (!disposed) fn()
    }, ms)
  }

  /** Feeds a failed answer back: an expired grant from any call returns to the authorize step. */
  const failed = (result: ApiResult<unknown>, event: ImportEvent) =>
    send(result.result === CLOUD_AUTH_EXPIRED ? { type: 'expired' } : event)

  function send(event: ImportEvent): void {
    if (disposed) return
    const before = state
    const after = importReducer(before, event, pick)
    if (after === before) return
    state = after
    for (const listener of listeners) listener()
    enter(before, after, event)
  }

  function enter(before: ImportState, after: ImportState, event: ImportEvent): void {
    if (before.status === 'importing' && after.status !== 'importing' && timer) {
      clearTimeout(timer)
      timer = null
    }
    if (event.type === 'expired') deps.toast(AUTH_EXPIRED)
    switch (after.status) {
      case 'checking':
        if (!mode) return send({ type: 'badLink' })
        return void deps.status().then((r) => {
          if (r.success) send(statusLoaded(r.data))
          else failed(r, { type: 'statusFailed', msg: r.msg })
        })
      case 'unauthorized':
        if (event.type === 'authorize' && !deps.authorize()) {
          deps.toast(IN_APP_ONLY)
          // No host: nothing will send visibleChange, so the button must work again.
          send({ type: 'authorizeUnavailable' })
        }
        return
      case 'browsing':
        return enterBrowsing(before, after)
      case 'importing':
        if (before.status !== 'importing' || event.type === 'progress' || (event.type === 'retry' && after.stalled === null))
          poll(after.jobId, 0)
        return
      case 'finished':
        if (after.outcome.kind === 'done') {
          deps.toast(IMPORT_DONE)
          later(deps.backToList, DONE_PAUSE_MS)
        }
        return
      default:
        return
    }
  }

  function enterBrowsing(before: ImportState, after: Extract<ImportState, { status: 'browsing' }>): void {
    if (!mode) return
    const { dir, listing, pending } = after
    const wasLoading = before.status === 'browsing' && before.dir === dir && before.listing.status === 'loading'
    if (listing.status === 'loading' && !wasLoading) list(dir, 0)
    const wasMore = before.status === 'browsing' && before.listing.status === 'loaded' && before.listing.more === 'loading'
    if (listing.status === 'loaded' && listing.more === 'loading' && !wasMore) list(dir, listing.next)

    const pendingBefore = before.status === 'browsing' ? before.pending : 'none'
    if (pending === pendingBefore) return
    if (pending === 'capacity') {
      void deps.capacity().then((r) => {
        if (!r.success) {
          deps.toast(r.msg)
          return send({ type: 'capacityFailed' })
        }
        const remaining = Math.max(0, num(r.data?.total) - num(r.data?.used)) * MB
        send({ type: 'capacityChecked', remainingBytes: remaining })
      })
    } else if (pending === 'starting') {
      void deps
        .start(
          after.picked.map((p) => p.fsId),
          mode.target,
        )
        .then((r) => {
          const jobId = r.success && typeof r.data?.jobId === 'string' ? r.data.jobId : ''
          if (jobId) return send({ type: 'started', jobId })
          if (r.result === CLOUD_AUTH_EXPIRED) return send({ type: 'expired' })
          const noCapacity = r.result === CAPACITY || r.code === 409
          if (!noCapacity) deps.toast(r.success ? IMPORT_FAILED : r.msg)
          send({ type: 'refused', noCapacity })
        })
    }
  }

  function list(dir: string, start: number): void {
    if (!mode) return
    void deps.files(listingQuery(mode, dir, start)).then((r) => {
      if (r.success) send({ type: 'listed', dir, start, page: toCloudPage(r.data, mode.suffix) })
      else failed(r, { type: 'listFailed', dir, start, msg: r.msg })
    })
  }

  function poll(jobId: string, misses: number): void {
    later(() => {
      void deps.job(jobId).then((r) => {
        if (state.status !== 'importing' || state.jobId !== jobId) return
        if (r.success) return send({ type: 'progress', job: toJobView(r.data) })
        if (r.result === CLOUD_AUTH_EXPIRED || misses + 1 >= POLL_TRIES) return failed(r, { type: 'pollFailed', msg: r.msg })
        poll(jobId, misses + 1)
      })
    }, POLL_MS)
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send,
    start() {
      // Again after dispose too (React's strict mode mounts twice): answers to the first run are
      // dropped by the reducer, since they no longer fit the state.
      disposed = false
      enter(started ? state : initialImportState, state, { type: 'retry' })
      // Drawn from the kept status: asked again; a failure (no network) leaves the page as it was drawn.
      if (deps.recheck && !started && mode) void deps.status().then((r) => r.success && send(statusLoaded(r.data, 'statusChecked')))
      started = true
    },
    dispose() {
      disposed = true
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
