import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { isFinalFailure, type ApiResult } from '../http/envelope'
import { messageOr } from '../http/message-or'
import { arrivedState, loadReducer, type LoadState } from './load-state'

export { arrivedState, loadReducer, type LoadEvent, type LoadState } from './load-state'

export interface LoadOptions<T, D> {
  /** The data as the page uses it. */
  parse: (data: T | null) => D
  /**
   * The failure's text when the server gave no message of its own (or only the HTTP layer's generic
   * one): usually LOAD_FAILED. Without it the message is shown as it came.
   */
  fallback?: string
  /** Called as a failure lands (not after unmount), with its text: the pages toast it. */
  onFailed?: (msg: string) => void
  /** Called as data lands, before it renders (batched with it): a form takes its initial values. */
  onLoaded?: (data: D) => void
  /**
   * A successful reply already here as the page first renders (the HTML's early request,
   * `takeArrivedGet`), or null: its data is the first render's state and nothing is sent on mount
   * (`onLoaded` is not called for it). Read once, on mount.
   */
  arrived?: () => ApiResult<T> | null
  /**
   * When nothing has `arrived`: a reply kept from the page's last open (`takeKeptGet`), or null. Its data
   * is the first render's state, and the page asks again on mount, quietly: the answer replaces it only
   * if it differs (a failure keeps it on screen and says nothing). Read once, on mount.
   */
  kept?: () => ApiResult<T> | null
}

interface First<D> {
  state: LoadState<D>
  /** The kept reply's data as JSON when the first state came from it: the next answer is compared with it. */
  keptJson: string | null
}

/** The first state: loaded from a reply that has already arrived or was kept, else loading (failed with no `load`). */
function firstState<T, D>(load: unknown, options: LoadOptions<T, D>): First<D> {
  // Nothing to ask for (a share link without its code, a malformed id): no retry can pass.
  if (!load) return { state: { status: 'failed', msg: '', final: true }, keptJson: null }
  const early = arrivedState(options.arrived?.(), options.parse)
  if (early.status === 'loaded') return { state: early, keptJson: null }
  const kept = options.kept?.()
  if (kept?.success) return { state: { status: 'loaded', data: options.parse(kept.data) }, keptJson: JSON.stringify(kept.data) }
  return { state: { status: 'loading' }, keptJson: null }
}

/**
 * Loads `load()` on mount, the one load cycle of the pages. `retry` starts over from the failed state
 * (the error view's `重试`), unless the failure is final (a 4xx: `isFinalFailure`); `refresh` reloads quietly, keeping what is on screen (and resolves once
 * its answer has landed); `update` changes the loaded data on screen (an optimistic reorder). Only the
 * latest request's answer is used, and none after unmount: the signal `load` gets is aborted then, so a
 * load that takes several steps can stop early. A `load` of `null` fails at once with no message and
 * sends nothing (a share link without its code). With `arrived` the first render can already be loaded;
 * with `kept` it can show the last open's data while the page asks again.
 */
export function useLoad<T, D = T>(load: ((signal: AbortSignal) => Promise<ApiResult<T>>) | null, options: LoadOptions<T, D>) {
  const [first] = useState(() => firstState(load, options))
  const [state, dispatch] = useReducer(loadReducer<D>, first.state)
  // Drawn from a fresh reply already here in the first render: nothing to ask for on mount.
  const loadedAtOnce = useRef(first.state.status === 'loaded' && first.keptJson === null)
  // Drawn from a kept reply: the first answer is compared with it, and a failure is not said.
  const keptJson = useRef(first.keptJson)
  // The request in flight: a newer one, or the unmount, aborts it and its answer is dropped.
  const inFlight = useRef<AbortController | null>(null)
  const fns = useRef({ load, options })
  useLayoutEffect(() => {
    fns.current = { load, options }
  })

  const run = useCallback(async () => {
    const send = fns.current.load
    if (!send) return
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    const result = await send(controller.signal)
    if (controller.signal.aborted) return
    const { parse, fallback, onFailed, onLoaded } = fns.current.options
    const kept = keptJson.current
    keptJson.current = null
    if (kept !== null) {
      // The answer to a page drawn from a kept reply: nothing to do when it says the same, or failed.
      if (!result.success || JSON.stringify(result.data) === kept) return
    }
    if (result.success) {
      const data = parse(result.data)
      onLoaded?.(data)
      dispatch({ type: 'resolved', data })
    } else {
      const msg = fallback === undefined ? result.msg : messageOr(result.msg, fallback)
      onFailed?.(msg)
      dispatch({ type: 'rejected', msg, final: isFinalFailure(result) })
    }
  }, [])

  useEffect(() => {
    if (!loadedAtOnce.current) void run()
    return () => inFlight.current?.abort()
  }, [run])

  const retry = useCallback(() => {
    if (!fns.current.load) return
    dispatch({ type: 'retry' })
    void run()
  }, [run])

  const update = useCallback((change: (data: D) => D) => dispatch({ type: 'updated', update: change }), [])

  return { state, retry, refresh: run, update }
}
