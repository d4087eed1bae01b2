import '@shared/styles/tokens.css'
import '@shared/styles/base.css'
import '@shared/styles/pending.css'
import { startTransition, StrictMode, useEffect, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { MSG_UPGRADE_APP, nativeLog, onMissingCall, startBridge } from '@shared/bridge'
import { STARTED_GLOBAL } from '@shared/config/page-start'
import { REPORTER_STARTER } from '@shared/telemetry/loader'
import { toast } from '@shared/components/toast'
import { replayTap, takeFailure, takeOver, whenReleased, type Handover } from '@shared/first-screen/handover'

/**
 * How the build prerendered this page's frame into #root (scripts/build/prerender/inject.ts):
 * `hydrate` when the frame is what the first render draws, `replace` when the first render may differ.
 */
const PRERENDERED = 'data-prerendered'

/** Shown when the core reports a bridge call missing (one listener, however often a page mounts). */
const askToUpgrade = () => toast(MSG_UPGRADE_APP)

/**
 * Takes over the first screen the HTML's head script drew (shared/first-screen): once React has
 * committed the same DOM, before it paints, scrolled boxes and focus are put back; once the page's
 * effects have run, a tap kept meanwhile is done again on React's control. Draws no DOM of its own.
 */
function TakeOver({ children }: { children: ReactNode }) {
  const tap = useRef<Handover['tap']>(null)
  // `??`: StrictMode's second run in development finds nothing left to take.
  useLayoutEffect(() => void (tap.current = takeOver() ?? tap.current), [])
  useEffect(() => {
    replayTap(tap.current)
    tap.current = null
  }, [])
  return children
}

/**
 * What both mountPage variants do (mount-page.tsx, mount-signed-in-page.tsx): wire the host bridge
 * (window.onNativeMessage, getUserInfo in the app, and a toast asking to upgrade when the core finds a
 * bridge call missing), then render `tree` into `#root`.
 *
 * When the build put the page's frame into #root, a `hydrate` frame is hydrated (kept, handlers
 * attached) and a `replace` frame stays on screen until React's first commit swaps it for the real
 * render (createRoot clears the container then), so the page never flashes empty. When the head script
 * drew the page's first screen from its early replies (issue 31), React draws the same one and takes it
 * over (TakeOver), never under a finger (`whenReleased`).
 */
export function startPage(tree: ReactElement): void {
  // The HTML's watchdog (scripts/build/entry-watchdog.ts) shows the error view unless the code starts.
  const w = window as unknown as Record<string, unknown>
  w[STARTED_GLOBAL] = true
  // The HTML's field-report capture loads the reporter at the first idle moment from now (docs/telemetry.md).
  if (typeof w[REPORTER_STARTER] === 'function') (w[REPORTER_STARTER] as () => void)()
  onMissingCall(askToUpgrade)
  startBridge()
  // The head script could not draw the first screen: the app's log hears which page and why (outside
  // the app there is no handler, and the field report has it: paint.ts).
  const failure = takeFailure()
  if (failure) nativeLog({ key: 'first-screen', value: `${location.pathname}: ${failure}` })
  const container = document.getElementById('root')
  if (!container) throw new Error('mountPage: #root is missing from the page HTML')
  const root = (
    <StrictMode>
      <TakeOver>{tree}</TakeOver>
    </StrictMode>
  )
  whenReleased(() => {
    if (container.getAttribute(PRERENDERED) === 'hydrate' && container.hasChildNodes()) hydrateRoot(container, root)
    // A transition: React renders the page in slices that leave the main thread free between them (a
    // slow phone's one task of 100-300 ms otherwise), with the frame or first screen on screen until it
    // commits. Only the commit is one task.
    else startTransition(() => createRoot(container).render(root))
  })
}
