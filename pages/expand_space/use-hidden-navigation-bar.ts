import { useEffect } from 'react'
import { setNavigationBar } from '@shared/bridge'

/**
 * Hides the host's navigation bar while this page is on screen (the page draws its own festive
 * header), and shows it again when the page is left inside the same WebView — through a link or the
 * back button — so the page before it does not lose its bar. A page restored from the back/forward
 * cache hides it again.
 */
export function useHiddenNavigationBar(inApp: boolean): void {
  useEffect(() => {
    if (!inApp) return
    const hide = () => setNavigationBar({ visible: false })
    const show = () => setNavigationBar({ visible: true })
    // Only a restore from the back/forward cache: the first load's own pageshow may come after this
    // effect (a slow load), and the bar is already hidden then.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) hide()
    }
    hide()
    window.addEventListener('pageshow', restored)
    window.addEventListener('pagehide', show)
    return () => {
      window.removeEventListener('pageshow', restored)
      window.removeEventListener('pagehide', show)
    }
  }, [inApp])
}
