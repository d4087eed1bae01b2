import '@shared/styles/tokens.css'
import '@shared/styles/base.css'
import { StrictMode, type ReactElement } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { MSG_UPGRADE_APP, onMissingCall, startBridge } from '@shared/bridge'
import { toast } from '@shared/components/toast'

/**
 * How the build prerendered this page's frame into #root (scripts/prerender/inject.ts):
 * `hydrate` when the frame is what the first render draws, `replace` when the first render may differ.
 */
const PRERENDERED = 'data-prerendered'

/** Shown when the core reports a bridge call missing (one listener, however often a page mounts). */
const askToUpgrade = () => toast(MSG_UPGRADE_APP)

/**
 * Starts a page: wires the host bridge (window.onNativeMessage, getUserInfo in the app, and a toast
 * asking to upgrade when the core finds a bridge call missing), then renders `element` into `#root`.
 * A page's main.tsx calls this and nothing else.
 *
 * When the build put the page's frame into #root, a `hydrate` frame is hydrated (kept, handlers
 * attached) and a `replace` frame stays on screen until React's first commit swaps it for the real
 * render (createRoot clears the container then), so the page never flashes empty.
 */
export function mountPage(element: ReactElement): void {
  // The HTML's watchdog (scripts/entry-watchdog.ts) shows the error view unless the code starts.
  ;(window as unknown as Record<string, unknown>).__kidsStarted = true
  onMissingCall(askToUpgrade)
  startBridge()
  const container = document.getElementById('root')
  if (!container) throw new Error('mountPage: #root is missing from the page HTML')
  const tree = <StrictMode>{element}</StrictMode>
  if (container.getAttribute(PRERENDERED) === 'hydrate' && container.hasChildNodes()) hydrateRoot(container, tree)
  else createRoot(container).render(tree)
}
