import { useCallback, useEffect, useReducer, useRef } from 'react'
import { getShare } from '@shared/api/get-share'
import { toast } from '@shared/components/toast'
import { normalizeShare, type NormalizeOptions, type RecordedWork } from '../data'

/** What the error view says when a share fails to load for a reason a retry may fix. */
export const LOAD_FAILED = '加载失败'

/**
 * The load cycle of a share (spec §4 "Viewer status": loading 0, loaded 1, failed 2). `notFound` is the
 * failure no retry can fix: no `r`, or the server answered 404 (ui-text.md "share not found").
 */
export type ShareLoad =
  | { status: 'loading' }
  | { status: 'loaded'; work: RecordedWork }
  | { status: 'failed'; msg: string }
  | { status: 'notFound' }

type LoadEvent = { type: 'start' } | { type: 'loaded'; work: RecordedWork } | { type: 'failed'; msg: string } | { type: 'notFound' }

/** The load reducer: a retry goes back to loading; results only land while loading. */
export function loadReducer(state: ShareLoad, event: LoadEvent): ShareLoad {
  switch (event.type) {
    case 'start':
      return state.status === 'loading' ? state : { status: 'loading' }
    case 'loaded':
      return state.status === 'loading' ? { status: 'loaded', work: event.work } : state
    case 'failed':
      return state.status === 'loading' ? { status: 'failed', msg: event.msg } : state
    case 'notFound':
      return state.status === 'loading' ? { status: 'notFound' } : state
  }
}

/**
 * Loads share `r` (`GET /v1/share/uar`) into a RecordedWork. Without `r`, or when the server answers 404,
 * it is `notFound` (the view says so; no toast). Any other failure toasts the server's message beside the
 * view's `加载失败` + `重试`. `retry()` loads again; an older answer is dropped.
 */
export function useShareLoad(r: string, options: NormalizeOptions): { load: ShareLoad; retry: () => void } {
  const [load, dispatch] = useReducer(loadReducer, r ? { status: 'loading' } : { status: 'notFound' })
  const attempt = useRef(0)
  const variant = options.variant

  const run = useCallback(() => {
    if (!r) return
    const id = ++attempt.current
    dispatch({ type: 'start' })
    void getShare(r).then((result) => {
      if (id !== attempt.current) return
      if (result.success) {
        dispatch({ type: 'loaded', work: normalizeShare(result.data, { variant }) })
      } else if (result.code === 404) {
        dispatch({ type: 'notFound' })
      } else {
        // The view says 加载失败; the toast adds the reason, unless it would only repeat the view.
        if (result.msg !== LOAD_FAILED) toast(result.msg)
        dispatch({ type: 'failed', msg: result.msg })
      }
    })
  }, [r, variant])

  useEffect(() => {
    run()
    return () => {
      attempt.current += 1 // unmounted (or StrictMode replay): the answer in flight is dropped
    }
  }, [run])

  return { load, retry: run }
}
