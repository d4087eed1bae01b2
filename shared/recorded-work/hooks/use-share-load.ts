import { useCallback, useEffect, useReducer, useRef } from 'react'
import { getShare } from '@shared/api/get-share'
import type { ShareData } from '@shared/api/types'
import { toast } from '@shared/components/toast'
import { takeArrivedGet } from '@shared/http'
import { normalizeShare, type NormalizeOptions, type RecordedWork } from '../data'

/** The load cycle of a share (spec §4 "Viewer status": loading 0, loaded 1, failed 2). */
export type ShareLoad =
  | { status: 'loading' }
  | { status: 'loaded'; work: RecordedWork }
  | { status: 'failed'; msg: string }

type LoadEvent = { type: 'start' } | { type: 'loaded'; work: RecordedWork } | { type: 'failed'; msg: string }

/** The load reducer: a retry goes back to loading; results only land while loading. */
export function loadReducer(state: ShareLoad, event: LoadEvent): ShareLoad {
  switch (event.type) {
    case 'start':
      return state.status === 'loading' ? state : { status: 'loading' }
    case 'loaded':
      return state.status === 'loading' ? { status: 'loaded', work: event.work } : state
    case 'failed':
      return state.status === 'loading' ? { status: 'failed', msg: event.msg } : state
  }
}

/** Loaded at once when the page's HTML already has the share (the early request is in), else loading. */
function firstLoad(r: string, options: NormalizeOptions): ShareLoad {
  if (!r) return { status: 'failed', msg: '' }
  const early = takeArrivedGet<ShareData>('/v1/share/uar', { r })
  return early?.success ? { status: 'loaded', work: normalizeShare(early.data, options) } : { status: 'loading' }
}

/**
 * Loads share `r` (`GET /v1/share/uar`) into a RecordedWork. Without `r` it fails at once, with no
 * request. A failure toasts the server's message. `retry()` loads again; an older answer is dropped.
 */
export function useShareLoad(r: string, options: NormalizeOptions): { load: ShareLoad; retry: () => void } {
  const [load, dispatch] = useReducer(loadReducer, null, () => firstLoad(r, options))
  // Drawn from the early reply in the first render: nothing to ask for on mount.
  const loadedAtOnce = useRef(load.status === 'loaded')
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
      } else {
        toast(result.msg)
        dispatch({ type: 'failed', msg: result.msg })
      }
    })
  }, [r, variant])

  useEffect(() => {
    if (!loadedAtOnce.current) run()
    return () => {
      attempt.current += 1 // unmounted (or StrictMode replay): the answer in flight is dropped
    }
  }, [run])

  return { load, retry: run }
}
