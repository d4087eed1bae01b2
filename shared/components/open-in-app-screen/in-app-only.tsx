import type { ReactNode } from 'react'
import { useInApp } from '../../hooks/use-in-app'
import { useMarkReady } from '../../hooks/use-mark-ready'
import { useNoBridge } from '../../hooks/use-no-bridge'
import { PageShell } from '../page-shell'
import { OpenInAppScreen } from './open-in-app-screen'

/** Props of {@link InAppOnly}. */
export interface InAppOnlyProps {
  /** The page itself: mounted only in the app. */
  children: ReactNode
}

/**
 * The gate of an account page (docs/decisions.md): in the app it renders the page; outside it, the page's
 * header and the open-in-app screen (in the app's user agent without the host's bridge too, where it is
 * reported as a `no-bridge` problem and the view is never ready). The page is then never mounted, so none of its requests is sent
 * (no 401, no `重试`, no form). mountPage puts a page whose descriptor says `signedIn` inside it, under
 * the page's own title (shared/app/page-tree.tsx).
 */
export function InAppOnly({ children }: InAppOnlyProps) {
  const inApp = useInApp()
  // In the app's user agent without its bridge, the screen is a failure (recorded as no-bridge), never ready.
  const noBridge = useNoBridge(inApp)
  // Outside the app the open-in-app screen is what the page has to show: the view is ready with it.
  useMarkReady(!inApp && !noBridge)
  if (inApp) return children
  return (
    <PageShell>
      <OpenInAppScreen />
    </PageShell>
  )
}
