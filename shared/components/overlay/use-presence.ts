import { useEffect, useEffectEvent, useState } from 'react'

/** How long an overlay's exit animation runs; matches `--motion-duration` in styles/tokens.css. */
export const EXIT_MS = 160

/** `open` while visible, `closing` during the exit animation, `hidden` once unmounted. */
export type PresenceState = 'open' | 'closing' | 'hidden'

/**
 * Keeps an overlay mounted while it plays its exit animation, then calls `afterClose`
 * (render-imperatively unmounts its root there). A closing overlay should be hidden from
 * assistive technology and inert, so only the live one can be found and used.
 */
export function usePresence(visible: boolean, afterClose?: () => void): PresenceState {
  const [mounted, setMounted] = useState(visible)
  // Adjusting state during render (not in an effect) so the first visible frame is already mounted.
  if (visible && !mounted) setMounted(true)
  const onExited = useEffectEvent(() => afterClose?.())

  useEffect(() => {
    if (visible || !mounted) return
    const timer = setTimeout(() => {
      setMounted(false)
      onExited()
    }, EXIT_MS)
    return () => clearTimeout(timer)
  }, [visible, mounted])

  if (visible) return 'open'
  return mounted ? 'closing' : 'hidden'
}
