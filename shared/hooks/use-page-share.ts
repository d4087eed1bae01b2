import { MSG_UPGRADE_APP, pageShareCover, shareUrl } from '../bridge'
import { toast } from '../components/toast'
import { useInApp } from './use-in-app'
import { useShareOutside } from './use-share-outside'

/** What a page shares of itself: its path on this origin, and the card's title and text. */
export interface PageShare {
  title: string
  text: string
  /** e.g. `/price_up`; the share link is this origin plus the path (none of the page's current query). */
  path: string
}

/**
 * The header's share button for a page that shares its own link: the host's share sheet in the app (an
 * app without `shareUrl` is told to upgrade); outside it the share guide in WeChat, else the system share
 * sheet, else a copied link (useShareOutside). The host's card shows the pages' share-cover.png. Render `<ShareMask visible={maskVisible} onClose={closeMask} />`
 * beside the page.
 */
export function usePageShare({ title, text, path }: PageShare) {
  const inApp = useInApp()
  const outside = useShareOutside()

  function share() {
    const origin = window.location.origin
    if (!inApp) {
      outside.share({ title, text, url: `${origin}${path}` })
      return
    }
    if (!shareUrl({ title, text, url: `${origin}${path}`, thumbnail: pageShareCover() })) toast(MSG_UPGRADE_APP)
  }

  return { share, maskVisible: outside.maskVisible, closeMask: outside.closeMask }
}
