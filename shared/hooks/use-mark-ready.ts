import { useEffect } from 'react'
import { markReady } from '../telemetry/early'

/**
 * Marks the view ready for the field report (docs/telemetry.md: the bench's ready, the page's data
 * visible with no loading overlay) in the first frame after `ready` turns true: its effect runs once
 * React has committed that render, and the next frame paints it. A page's load cycle calls it with the
 * state in which its data is on screen; only the first mark of a view counts (the first screen drawn
 * before React may have marked it already).
 */
export function useMarkReady(ready: boolean): void {
  useEffect(() => {
    if (!ready) return
    const frame = requestAnimationFrame(() => markReady())
    return () => cancelAnimationFrame(frame)
  }, [ready])
}
