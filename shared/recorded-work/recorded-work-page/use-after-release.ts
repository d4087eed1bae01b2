import { useEffect, useState } from 'react'
import { RELEASE_MS } from '@shared/first-screen/handover'

// The one rule for every swap under a finger: the first screen's takeover by React (handover.ts) and
// the viewer's takeover of the cover here.
export { RELEASE_MS }

/**
 * `ready`, held back while a finger (or mouse button) is down anywhere on the page and for
 * {@link RELEASE_MS} after it lifts. A part of the page that replaces another (the viewer
 * taking over the cover) waits for this, so that a tap that went down on the old button is not lost on
 * the new one. Once it has returned true it stays true, and stops listening.
 */
export function useAfterRelease(ready: boolean): boolean {
  const [pressed, setPressed] = useState(false)
  // Once true, for good: the listeners go only after the commit that shows the new part, and a finger
  // landing on it in between must not bring the old part back under itself.
  const [free, setFree] = useState(false)
  if (!free && ready && !pressed) setFree(true)

  useEffect(() => {
    if (free) return
    let release: ReturnType<typeof setTimeout> | undefined
    const down = () => {
      clearTimeout(release)
      setPressed(true)
    }
    const up = () => {
      clearTimeout(release)
      release = setTimeout(() => setPressed(false), RELEASE_MS)
    }
    // Capture, so that nothing the page does with the event can hide it.
    document.addEventListener('pointerdown', down, true)
    window.addEventListener('pointerup', up, true)
    window.addEventListener('pointercancel', up, true)
    return () => {
      clearTimeout(release)
      document.removeEventListener('pointerdown', down, true)
      window.removeEventListener('pointerup', up, true)
      window.removeEventListener('pointercancel', up, true)
    }
  }, [free])

  return free
}
