/**
 * Stands in for `@shared/app/mount-page` in the prerender's server build: a page's main.tsx calls
 * `mountPage(<Page />)`, and instead of starting the bridge and mounting, the element is kept for
 * `react-dom/server` (scripts/prerender/render-route.ts takes it). No browser global is touched.
 */
import type { ReactElement } from 'react'

const KEY = Symbol.for('kids-english.prerender.mounted')

type Slot = { [KEY]?: ReactElement }

/** Records the element a page's entry module mounts. */
export function mountPage(element: ReactElement): void {
  ;(globalThis as Slot)[KEY] = element
}

/** Takes (and clears) the element recorded since the last call. */
export function takeMounted(): ReactElement | undefined {
  const slot = globalThis as Slot
  const element = slot[KEY]
  delete slot[KEY]
  return element
}
