/**
 * Stands in for `@shared/app/mount-page` in the prerender's server build: a page's main.tsx calls
 * `mountPage(page, <Page />)`, and instead of starting the bridge and mounting, the tree mountPage would
 * mount (shared/app/page-tree.tsx) is kept for `react-dom/server` (render-worker.ts takes it). No
 * browser global is touched.
 */
import type { ReactElement } from 'react'
import type { MountedPage } from '../../../shared/app/define-page'
import { pageTree } from '../../../shared/app/page-tree'

const KEY = Symbol.for('kids-english.prerender.mounted')

type Slot = { [KEY]?: ReactElement }

/** Records the element a page's entry module mounts. */
export function mountPage(page: MountedPage, element: ReactElement): void {
  ;(globalThis as Slot)[KEY] = pageTree(page, element)
}

/** Takes (and clears) the element recorded since the last call. */
export function takeMounted(): ReactElement | undefined {
  const slot = globalThis as Slot
  const element = slot[KEY]
  delete slot[KEY]
  return element
}
