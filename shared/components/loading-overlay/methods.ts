import { createElement } from 'react'
import { renderImperatively, type ImperativeHandler } from '../render-imperatively'
import { LoadingOverlay } from './loading-overlay'

let current: ImperativeHandler | null = null

/** Shows the full-screen loading overlay; a no-op while it is already shown. */
export function showLoading(): void {
  if (current) return
  current = renderImperatively(createElement(LoadingOverlay, { visible: true }))
}

/** Hides the overlay shown by {@link showLoading}; a no-op when none is shown. */
export function hideLoading(): void {
  current?.close()
  current = null
}
