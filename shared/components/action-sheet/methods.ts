import { createElement } from 'react'
import { renderImperatively } from '../render-imperatively'
import { ActionSheet, type Action } from './action-sheet'

/** Options of {@link showActionSheet}. */
export interface ShowActionSheetOptions {
  actions: Action[]
  title?: string
  /** Default `取消`. */
  cancelText?: string
}

const openSheets = new Set<() => void>()

/**
 * Shows a bottom sheet of options. Resolves the chosen option's `key`, or `null` on cancel,
 * Escape or a tap on the mask — exactly once.
 */
export function showActionSheet(options: ShowActionSheetOptions): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false
    function settle(value: string | null) {
      if (settled) return
      settled = true
      openSheets.delete(dismiss)
      handler.close()
      resolve(value)
    }
    const dismiss = () => settle(null)
    const handler = renderImperatively(createElement(ActionSheet, { ...options, visible: true, onAction: settle, onClose: dismiss }))
    openSheets.add(dismiss)
  })
}

/** Dismisses every open action sheet (each resolves `null`). For page teardown and tests. */
export function clearActionSheets(): void {
  for (const dismiss of [...openSheets]) dismiss()
}
