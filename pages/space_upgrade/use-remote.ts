import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react'
import type { ApiResult } from '@shared/http'

/** The load cycle of one request (style.md 5). */
export type RemoteState<D> = { status: 'loading' } | { status: 'loaded'; data: D } | { status: 'failed'; msg: string }

type Event<D> = { type: 'retry' } | { type: 'resolved'; data: D } | { type: 'rejected'; msg: string }

function reducer<D>(state: RemoteState<D>, event: Event<D>): RemoteState<D> {
  switch (event.type) {
    case 'retry':
      return state.status === 'failed' ? { status: 'loading' } : state
    case 'resolved':
      return { status: 'loaded', data: event.data }
    case 'rejected':
      // A background refresh that fails keeps the data already on screen.
      return state.status === 'loaded' ? state : { status: 'failed', msg: event.msg }
  }
}

/**
 * Loads `load()` on mount and parses its data with `parse`. `retry` starts over from the failed
 * state (the error view's `重试`); `refresh` reloads quietly, keeping what is on screen. Only the
 * latest request's answer is used, and none after unmount.
 */
export function useRemote<T, D>(load: () => Promise<ApiResult<T>>, parse: (data: T | null) => D) {
  const [state, dispatch] = useReducer(reducer<D>, { status: 'loading' })
  // One counter object for the hook's life; each request takes the next id.
  const latest = useRef({ id: 0 })
  const fns = useRef({ load, parse })
  useLayoutEffect(() => {
    fns.current = { load, parse }
  })

  /** Loads; resolves with the parsed data it showed, or null (failed, or a newer request took over). */
  const run = useCallback((): Promise<D | null> => {
    const id = ++latest.current.id
    return fns.current.load().then((result) => {
      if (id !== latest.current.id) return null
      if (!result.success) {
        dispatch({ type: 'rejected', msg: result.msg })
        return null
      }
      const data = fns.current.parse(result.data)
      dispatch({ type: 'resolved', data })
      return data
    })
  }, [])

  useEffect(() => {
    const counter = latest.current
    void run()
    // Bumping the id on unmount drops the answer of a request still in flight.
    return () => void ++counter.id
  }, [run])

  const retry = useCallback(() => {
    dispatch({ type: 'retry' })
    void run()
  }, [run])

  return { state, retry, refresh: run }
}
