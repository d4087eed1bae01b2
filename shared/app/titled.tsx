import type { ReactElement } from 'react'
import { PageTitle } from '@shared/components/page-shell/page-title'
import type { MountedPage } from './define-page'

/** `element` under the page's own title (page.ts `title`, or `titleFor` of the URL), for every PageShell in it. */
export function titled(page: MountedPage, element: ReactElement): ReactElement {
  return <PageTitle value={page.currentTitle()}>{element}</PageTitle>
}
