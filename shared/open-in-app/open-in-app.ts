import { BRAND } from '../config/brand'
import { appLinkFor } from './app-link'

/** How long the page waits for the app to take over before it sends the visitor to the download page. */
export const FALLBACK_MS = 2500

/** What opening the app may lead to, as the caller sees it. */
export type OpenInAppOutcome =
  /** In WeChat, which blocks URL schemes: the caller shows the open-in-browser guide (share mask image 1). */
  | { kind: 'guide' }
  /** The scheme was tried; `cancel` stops the pending fallback (e.g. when the component unmounts). */
  | { kind: 'trying'; cancel: () => void }

/** The browser surface the module uses; tests pass fakes, pages use {@link browserHost}. */
export interface OpenInAppHost {
  isWeChat: boolean
  /** The page's URL, opened in the app. */
  href: string
  navigate(url: string): void
  /** True while the page is on screen (`document.visibilityState === 'visible'`). */
  isVisible(): boolean
  /** Listens to `visibilitychange` and `pagehide`; returns the unsubscribe function. */
  onLeave(listener: () => void): () => void
}

/** The host of a real page. Call only in a browser (reads window and document). */
export function browserHost(isWeChat: boolean): OpenInAppHost {
  return {
    isWeChat,
    href: window.location.href,
    navigate: (url) => window.location.assign(url),
    isVisible: () => document.visibilityState === 'visible',
    onLeave(listener) {
      const onVisibility = () => document.visibilityState === 'hidden' && listener()
      document.addEventListener('visibilitychange', onVisibility)
      window.addEventListener('pagehide', listener)
      return () => {
        document.removeEventListener('visibilitychange', onVisibility)
        window.removeEventListener('pagehide', listener)
      }
    },
  }
}

/**
 * `打开App`: tries the app's URL scheme with the current page, and falls back to the download page when
 * the page is still visible {@link FALLBACK_MS} later (the app did not take over). The page hiding or
 * being left (`visibilitychange` to hidden, `pagehide`) means the app opened: no fallback then. In WeChat,
 * which blocks URL schemes, nothing is tried: the caller shows the open-in-browser guide instead.
 */
export function openInApp(host: OpenInAppHost): OpenInAppOutcome {
  if (host.isWeChat) return { kind: 'guide' }
  const unsubscribe = host.onLeave(() => stop())
  const timer = setTimeout(() => {
    stop()
    if (host.isVisible()) host.navigate(BRAND.downloadUrl)
  }, FALLBACK_MS)
  function stop() {
    clearTimeout(timer)
    unsubscribe()
  }
  host.navigate(appLinkFor(host.href))
  return { kind: 'trying', cancel: stop }
}
