import { startTransition, useEffect, useState } from 'react'
import type * as Viewer from '../viewer/recorded-work-viewer'

type ViewerModule = typeof Viewer

let loaded: ViewerModule | null = null
let loading: Promise<ViewerModule> | null = null

/** Starts fetching the viewer chunk (slides, player, Swiper) once. A failed fetch may be tried again. */
export function preloadViewer(): Promise<ViewerModule> {
  loading ??= import('../viewer/recorded-work-viewer').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * The viewer module once it is there (`null` while it loads, and before `wanted`). Not React.lazy: a
 * lazy component that suspends makes React hold its content back for ~300 ms after the fallback shows,
 * which is pure delay on a first visit. A chunk that fails to load is thrown to the error boundary.
 */
export function useViewerModule(wanted: boolean): ViewerModule | null {
  const [module, setModule] = useState(loaded)
  const [error, setError] = useState<Error | null>(null)
  useEffect(() => {
    if (module || !wanted) return
    let live = true
    preloadViewer().then(
      // A transition: React draws the viewer (every slide, the player) in slices that leave the main
      // thread free between them, instead of one task of 200-300 ms on a slow phone; a tap meanwhile is
      // an urgent update and goes first (LoadedWork hands it to the viewer).
      (m) => live && startTransition(() => setModule(m)),
      (e: unknown) => live && setError(e instanceof Error ? e : new Error('the viewer failed to load', { cause: e })),
    )
    return () => {
      live = false
    }
  }, [module, wanted])
  if (error) throw error
  return module
}
