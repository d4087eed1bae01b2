import type { ReactElement } from 'react'
import type { MountedPage } from './define-page'
import { pageTree } from './page-tree'
import { startPage } from './start-page'

/**
 * mountPage for a page whose descriptor says `signedIn` (the build resolves `@shared/app/mount-page` to
 * this module for such a page: scripts/build/signed-in-mount.ts): the page in the app, the open-in-app
 * screen under the page's title outside it (page-tree.tsx), decided before any request.
 */
export function mountPage(page: MountedPage, element: ReactElement): void {
  startPage(pageTree(page, element))
}
