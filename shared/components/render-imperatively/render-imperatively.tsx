import { cloneElement, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { EXIT_MS } from '../overlay'

/** Props an imperatively rendered element receives: it shows while `visible` and calls `afterClose` when its exit ends. */
export interface ImperativeProps {
  visible?: boolean
  afterClose?: () => void
}

/** Returned by {@link renderImperatively}. */
export interface ImperativeHandler {
  /** Plays the element's exit, then unmounts it and removes its container. Safe to call twice. */
  close(): void
}

/**
 * Mounts `element` into a fresh container on document.body with its own React root (toast, confirm,
 * action sheet and loading overlay all use this). The element gets `visible` and `afterClose`.
 */
export function renderImperatively(element: ReactElement<ImperativeProps>): ImperativeHandler {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  let visible = true
  let destroyed = false
  const listeners = new Set<() => void>()

  function subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  function destroy() {
    if (destroyed) return
    destroyed = true
    root.unmount()
    container.remove()
  }

  function afterClose() {
    element.props.afterClose?.()
    destroy()
  }

  function Imperative() {
    const current = useSyncExternalStore(subscribe, () => visible)
    // Closed before React got to render it: nothing was ever shown, so just clean up.
    const [shownAtMount] = useState(current)
    useEffect(() => {
      if (shownAtMount) return
      const timer = setTimeout(destroy)
      return () => clearTimeout(timer)
    }, [shownAtMount])
    return shownAtMount ? cloneElement(element, { visible: current, afterClose }) : null
  }

  root.render(<Imperative />)

  return {
    close() {
      if (!visible) return
      visible = false
      listeners.forEach((listener) => listener())
      // Backstop in case the element never reports the end of its exit: the container must not leak.
      setTimeout(destroy, EXIT_MS * 3)
    },
  }
}
