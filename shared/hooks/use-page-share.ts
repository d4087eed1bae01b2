import { useState } from 'react'
import { MSG_UPGRADE_APP, shareUrl } from '../bridge'
import { toast } from '../components/toast'
import { useInApp } from './use-in-app'

/** What a page shares of itself: its path on this origin, and the card's title and text. */
export interface PageShare {
  title: string
  text: string
  /** e.g. `/price_up`; the share link is this origin plus the path. */
  path: string
}

/**
 * The header's share button for a page that shares its own link: the host's share sheet in the app (an
 * app without `shareUrl` is told to upgrade), the share-guide mask in a browser. Render
 * `<ShareMask visible={maskVisible} onClose={closeMask} />` beside the page.
 */
export function usePageShare({ title, text, path }: PageShare) {
  const inApp = useInApp()
  const [maskVisible, setMaskVisible] = useState(false)

  function share() {
    if (!inApp) {
      setMaskVisible(true)
      return
    }
    const origin = window.location.origin
    if (!shareUrl({ title, text, url: `${origin}${path}`, thumbnail: `${origin}/favicon.svg` })) toast(MSG_UPGRADE_APP)
  }

  return { share, maskVisible, closeMask: () => setMaskVisible(false) }
}
