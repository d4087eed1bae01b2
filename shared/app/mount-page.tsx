import type { ReactElement } from 'react'
import type { MountedPage } from './define-page'
import { startPage } from './start-page'
import { titled } from './titled'

/**
 * Starts a page (start-page.tsx): renders `element` into `#root` under the page's own title (page.ts).
 * A page's main.tsx calls this and nothing else: `mountPage(page, <PriceUpPage />)`. For a page whose
 * descriptor says `signedIn`, the build resolves this module to mount-signed-in-page.tsx instead
 * (scripts/build/signed-in-mount.ts), which adds the open-in-app screen outside the app, so no other
 * page carries that screen's code.
 */
export function mountPage(page: MountedPage, element: ReactElement): void {
  if (page.signedIn) throw new Error('mountPage: a signed-in page is mounted by mount-signed-in-page.tsx (the build picks it from page.ts)')
  startPage(titled(page, element))
}
