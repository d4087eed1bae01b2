import { createElement } from 'react'
import { renderImperatively, type ImperativeHandler } from '../render-imperatively'
import { Toast } from './toast'

/** How long a toast stays, docs/spec/product-spec.md §9. */
export const TOAST_DURATION = 2000

/** Options of {@link toast}. */
export interface ToastOptions {
  /** Milliseconds before it closes; 0 or Infinity keeps it until `clearToast()`. Default 2000. */
  duration?: number
}

interface Entry {
  handler: ImperativeHandler
  timer: ReturnType<typeof setTimeout> | undefined
}

let current: Entry | null = null

/**
 * Shows `message` centred for 2000 ms, replacing any toast on screen. An empty message (an API
 * `msg` that came back null or blank) shows nothing rather than an empty pill.
 */
export function toast(message: string, options: ToastOptions = {}): void {
  // Typed as string, but callers pass API fields that may be null or not strings at all.
  const text = message == null ? '' : String(message)
  if (text.trim() === '') return
  clearToast()
  const duration = options.duration ?? TOAST_DURATION
  const entry: Entry = { handler: renderImperatively(createElement(Toast, { message: text })), timer: undefined }
  if (duration > 0 && Number.isFinite(duration)) {
    entry.timer = setTimeout(() => {
      if (current === entry) clearToast()
    }, duration)
  }
  current = entry
}

/** Closes the toast on screen, if any. */
export function clearToast(): void {
  if (!current) return
  clearTimeout(current.timer)
  current.handler.close()
  current = null
}
