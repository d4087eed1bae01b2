import { getShare } from '@shared/api/get-share'
import type { ShareData } from '@shared/api/types'
import { toast } from '@shared/components/toast'
import { takeArrivedGet } from '@shared/http'
import { useLoad, type LoadState } from '@shared/hooks/use-load'
import { normalizeShare, type NormalizeOptions, type RecordedWork } from '../data'

/** The load cycle of a share (docs/spec/product-spec.md §4 "Viewer status": loading 0, loaded 1, failed 2). */
export type ShareLoad = LoadState<RecordedWork>

/**
 * Loads share `r` (`GET /v1/share/uar`) into a RecordedWork. Without `r` it fails at once, with no
 * request. Loaded in the first render when the HTML's early request is already in. A failure toasts
 * the server's message. `retry()` loads again; an older answer is dropped.
 */
export function useShareLoad(r: string, options: NormalizeOptions): { load: ShareLoad; retry: () => void } {
  const { variant } = options
  const { state, retry } = useLoad(r ? () => getShare(r) : null, {
    parse: (data) => normalizeShare(data, { variant }),
    onFailed: toast,
    // The page's HTML started this request (pages/*_share/page.ts): when its reply is already in, the
    // first render draws the cover from it instead of a loading frame.
    arrived: () => {
      const { path, params } = getShare.request(r)
      return takeArrivedGet<ShareData>(path, params)
    },
  })
  return { load: state, retry }
}
