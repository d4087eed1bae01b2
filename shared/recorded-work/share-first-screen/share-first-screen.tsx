import { getShare } from '@shared/api/get-share'
import type { ShareData } from '@shared/api/types'
import { waitForReact, type Arrived } from '@shared/first-screen/define'
import { CoverFrame } from '../cover-frame'
import { normalizeShare, type NormalizeOptions } from '../data'
import { shareTitle, type ShareQuery } from '../share-page'

/**
 * The share pages' first screen before React (issue 31): the loaded cover, exactly as
 * RecordedWorkPage draws it in its first render from the same reply (the early one, else the one kept
 * from the last open): CoverFrame with nothing pending, and the document title. Nothing before the
 * reply is in, or for a reply that is not a share (a 404 shows its own view once React is in).
 */
export function drawShareCover(query: ShareQuery, arrived: Arrived, options: NormalizeOptions) {
  const reply = query.r ? arrived<ShareData>(getShare.request(query.r)) : null
  if (!reply?.success) return null
  const work = normalizeShare(reply.data, options)
  const title = shareTitle(query, work.inviter.nickName)
  return (
    <>
      <title>{title}</title>
      <CoverFrame
        work={work}
        title={title}
        showBack={query.isNeedBackWeb}
        pending={null}
        onAction={waitForReact}
        onImageSettled={waitForReact}
        onScrollTop={waitForReact}
      />
    </>
  )
}
