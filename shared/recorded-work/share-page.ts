/**
 * What /recorded_share and /word_share have in common in their descriptors (pages/*_share/page.ts):
 * their query, their first request and their demo data. React-free: the inline script of both pages'
 * HTML bundles it.
 */
import { getShare } from '../api/get-share'
import { param, type FirstRequest, type QueryOf } from '../app/define-page'

/** The longest title a share link may set (as `readText`). */
const TITLE_MAX = 2000

/** The share pages' query: the share code, the header title, and the app's back button on the cover. */
export const SHARE_PARAMS = {
  r: param.text({ required: true }),
  title: param.text({ probe: '探针', maxLength: TITLE_MAX }),
  isNeedBackWeb: param.flag(),
}

export type ShareQuery = QueryOf<typeof SHARE_PARAMS>

/**
 * The share, as soon as the URL has a code; the cover picture (the LCP element) is preloaded as soon as
 * the reply names it, at high priority, and shown in the loading frame's `[data-early-image]` box. Not
 * the viewer chunk (no `preloadLazy`): the cover draws without it, and it loads once the picture is in.
 * With `preloadImage` the build also puts the page's module scripts at low priority (paintsFromReply in
 * scripts/build/prerender/prefetch.ts). Kept for the next open (`keep`): a share opened again draws at once.
 */
export const shareRequests = ({ r }: ShareQuery): (FirstRequest | false)[] => [
  Boolean(r) && { ...getShare.request(r), preloadImage: 'data.imageUrl', keep: true },
]

/** The header and document title: the link's `title`, else `{nickname}的录音作品` once the share is in, else `录音作品`. */
export function shareTitle(query: Pick<ShareQuery, 'title'>, nickName: string): string {
  return query.title || (nickName ? `${nickName}的录音作品` : '录音作品')
}
