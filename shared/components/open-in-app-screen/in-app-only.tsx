import type { ReactNode } from 'react'
import { useInApp } from '../../hooks/use-in-app'
import { PageShell } from '../page-shell'
import { OpenInAppScreen } from './open-in-app-screen'

/** Props of {@link InAppOnly}. */
export interface InAppOnlyProps {
  /** The page's title, shown in the header above the open-in-app screen. */
  title: string
  /** The page itself: mounted only in the app. */
  children: ReactNode
}

/**
 * The gate of an account page (docs/decisions.md): in the app it renders the page; outside it, the page's
 * header and the open-in-app screen. The page is then never mounted, so none of its requests is sent
 * (no 401, no `重试`, no form). Wrap the page in its main.tsx:
 * `mountPage(<InAppOnly title="空间扩容"><SpaceUpgradePage /></InAppOnly>)`.
 */
export function InAppOnly({ title, children }: InAppOnlyProps) {
  if (useInApp()) return children
  return (
    <PageShell title={title}>
      <OpenInAppScreen />
    </PageShell>
  )
}
