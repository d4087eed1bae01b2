import { useMemo } from 'react'
import { getShare } from '@shared/api/get-share'
import type { ShareData } from '@shared/api/types'
import { toast } from '@shared/components/toast'
import { takeArrivedGet, takeKeptGet } from '@shared/http'
import { useLoad, type LoadState } from '@shared/hooks/use-load'
import type { ApiResult } from '@shared/http'
import { messageOr } from '@shared/http/message-or'
import { normalizeShare, type NormalizeOptions, type RecordedWork } from '../data'

/** What the error view says when a share fails to load for a reason a retry may fix. */
export const LOAD_FAILED = '加载失败'

/**
 * The load cycle of a share (docs/spec/product-spec.md §4 "Viewer status": loading 0, loaded 1, failed 2).
 * `notFound` is the failure no retry can fix: no `r`, or the server answered 404 (docs/contracts/ui-text.md
 * "share not found").
 */
export type ShareLoad = LoadState<RecordedWork> | { status: 'notFound' }

/** A 404's answer, told apart from a share that loaded (whatever its data holds): the server's message, '' when it sent none. */
class NotFound {
  constructor(readonly msg: string) {}
}

const isNotFound = (data: unknown): data is NotFound => data instanceof NotFound

/** Share `r`; a 404 is an answer (the share is gone), not a failure a retry could fix. */
async function fetchShare(r: string): Promise<ApiResult<ShareData | NotFound>> {
  const result = await getShare(r)
  return result.code === 404 ? { ...result, success: true, data: new NotFound(messageOr(result.msg, '')) } : result
}

/**
 * Loads share `r` (`GET /v1/share/uar`) into a RecordedWork. Without `r`, or when the server answers 404,
 * it is `notFound`: the view says so, and a 404's message from the server is toasted too (docs/spec/product-spec.md §8,
 * docs/contracts/ui-text.md; no request without `r`, so no toast either). Any other failure toasts the
 * server's message beside the view's `加载失败` + `重试`. Loaded in the first render when the HTML's early
 * request is already in, or from the reply kept at the last open (then replaced by the answer if it
 * differs: a share deleted since shows not-found). `retry()` loads again; an older answer is dropped.
 */
export function useShareLoad(r: string, options: NormalizeOptions): { load: ShareLoad; retry: () => void } {
  const { variant } = options
  const { state, retry } = useLoad(r ? () => fetchShare(r) : null, {
    parse: (data): RecordedWork | NotFound => (isNotFound(data) ? data : normalizeShare(data, { variant })),
    // The page's HTML started this request (pages/*_share/page.ts): when its reply is already in, the
    // first render draws the cover from it instead of a loading frame.
    arrived: () => {
      const { path, params } = getShare.request(r)
      return takeArrivedGet<ShareData>(path, params)
    },
    // Opened before (share-page.ts keeps the reply): the work as it was, at once, while the request asks again.
    kept: () => {
      const { path, params } = getShare.request(r)
      return takeKeptGet<ShareData>(path, params)
    },
    // The view says 加载失败; the toast adds the reason, unless it would only repeat the view.
    onFailed: (msg) => {
      if (msg && msg !== LOAD_FAILED) toast(msg)
    },
    // A share that is gone: the server's word on it, beside the view's own text.
    onLoaded: (data) => {
      if (isNotFound(data) && data.msg) toast(data.msg)
    },
  })
  const load = useMemo<ShareLoad>(() => {
    if (!r) return { status: 'notFound' }
    if (state.status !== 'loaded') return state
    return isNotFound(state.data) ? { status: 'notFound' } : { status: 'loaded', data: state.data }
  }, [r, state])
  return { load, retry }
}
