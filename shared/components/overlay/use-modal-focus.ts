import { useEffect, useRef, type KeyboardEvent } from 'react'

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Focus handling for a modal layer: while `open`, focus moves to the element marked
 * `data-autofocus` inside the panel (else the panel itself), Tab stays inside, Escape calls
 * `onEscape`; on close focus returns to where it was. Spread `onKeyDown` on the panel.
 */
export function useModalFocus<T extends HTMLElement>(open: boolean, onEscape: () => void) {
  const panelRef = useRef<T>(null)

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement
    const panel = panelRef.current
    const target = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel
    target?.focus()
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [open])

  function onKeyDown(event: KeyboardEvent<T>) {
    if (event.key === 'Escape') {
      // Only the innermost layer handles it, so stacked layers close one at a time.
      event.stopPropagation()
      onEscape()
      return
    }
    const panel = panelRef.current
    if (event.key !== 'Tab' || !panel) return
    const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return { panelRef, onKeyDown }
}
