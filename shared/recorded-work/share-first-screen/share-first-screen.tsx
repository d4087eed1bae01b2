import { getShare } from '@shared/api/get-share'
import type { ShareData } from '@shared/api/types'
import { waitForReact, type Arrived, type Shown } from '@shared/first-screen/define'
import { CoverFrame } from '../cover-frame'
import { normalizeShare, type NormalizeOptions } from '../data'
import { shareTitle, type ShareQuery } from '../share-page'
import { WaitingFrame } from '../waiting-frame'

/**
 * The share pages' first screen before React (issue 31): the loaded cover, exactly as
 * RecordedWorkPage draws it in its first render from the same reply (the early one, else the one kept
 * from the last open): CoverFrame with nothing pending, and the document title. Until a share is in (or
 * for a reply that is not one: a 404 shows its own view once React is in), the HTML's frame stays; where
 * its guard left it out (a link with its own title or back button), the same loading frame is drawn
 * here from the page's own WaitingFrame, so the link never opens on an empty screen.
 */
export function drawShareCover(query: ShareQuery, arrived: Arrived, shown: Shown, options: NormalizeOptions) {
  const reply = query.r ? arrived<ShareData>(getShare.request(query.r)) : null
  if (!reply?.success) {
    return shown.frame ? null : <WaitingFrame title={shareTitle(query, '')} showBack={query.isNeedBackWeb} loading />
  }
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
