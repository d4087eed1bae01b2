import { createElement, type ReactNode } from 'react'
import { renderImperatively } from '../render-imperatively'
import { Dialog } from './dialog'

/** Options of {@link confirm}. */
export interface ConfirmOptions {
  title?: ReactNode
  /** Strings render as text, never as HTML. */
  content: ReactNode
  /** Default `确定`. */
  confirmText?: string
  /** Default `取消`. */
  cancelText?: string
  /** Red confirm button, focus starts on cancel. */
  danger?: boolean
}

const openDialogs = new Set<() => void>()

/**
 * Asks a yes/no question in a modal. Resolves `true` on the confirm button, `false` on cancel,
 * Escape or a tap on the mask — exactly once, whichever comes first.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false
    function settle(value: boolean) {
      if (settled) return
      settled = true
      openDialogs.delete(cancel)
      handler.close()
      resolve(value)
    }
    const cancel = () => settle(false)
    const handler = renderImperatively(
      createElement(Dialog, { ...options, visible: true, onConfirm: () => settle(true), onCancel: cancel }),
    )
    openDialogs.add(cancel)
  })
}

/** Cancels every open `confirm()` dialog (each resolves `false`). For page teardown and tests. */
export function clearDialogs(): void {
  for (const cancel of [...openDialogs]) cancel()
}
