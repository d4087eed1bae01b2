import { useEffect, useState } from 'react'
import type * as Viewer from '../viewer/recorded-work-viewer'

type ViewerModule = typeof Viewer

let loaded: ViewerModule | null = null
let loading: Promise<ViewerModule> | null = null

/**
 * Starts fetching the viewer chunk (slides, player, Swiper) once; call it as early as possible so it
 * downloads in parallel with the share data. A failed fetch may be tried again.
 */
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
 * The viewer module once it is there (`null` while it loads). Not React.lazy: a lazy component that
 * suspends makes React hold its content back for ~300 ms after the fallback shows, which is pure delay
 * on a first visit. A chunk that fails to load is thrown to the error boundary.
 */
export function useViewerModule(): ViewerModule | null {
  const [module, setModule] = useState(loaded)
  const [error, setError] = useState<Error | null>(null)
  useEffect(() => {
    if (module) return
    let live = true
    preloadViewer().then(
      (m) => live && setModule(m),
      (e: unknown) => live && setError(e instanceof Error ? e : new Error('the viewer failed to load', { cause: e })),
    )
    return () => {
      live = false
    }
  }, [module])
  if (error) throw error
  return module
}
