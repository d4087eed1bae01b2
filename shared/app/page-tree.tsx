import type { ReactElement } from 'react'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import type { MountedPage } from './define-page'
import { titled } from './titled'

/**
 * What a page is, from its descriptor: the page under its own title, and, for a page that needs a
 * signed-in user (`signedIn`), the open-in-app screen outside the app. The prerender renders this
 * (scripts/build/prerender/collector.ts); mountPage renders the same, loading this module (and the screen's
 * code) only for a signed-in page outside the app.
 */
export function pageTree(page: MountedPage, element: ReactElement): ReactElement {
  return titled(page, page.signedIn ? <InAppOnly>{element}</InAppOnly> : element)
}
