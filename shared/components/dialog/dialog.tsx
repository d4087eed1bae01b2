import { useId, type ReactNode } from 'react'
import { useModalFocus, usePresence } from '../overlay'
import overlay from '../overlay/overlay.module.css'
import styles from './dialog.module.css'

/** Props of {@link Dialog}, a two-button modal. `confirm()` renders it imperatively. */
export interface DialogProps {
  visible?: boolean
  /** Optional heading; it names the dialog. Without it the content names it. */
  title?: ReactNode
  content: ReactNode
  /** Default `确定`. */
  confirmText?: string
  /** Default `取消`. */
  cancelText?: string
  /** A destructive action: the confirm button turns red and focus starts on cancel. */
  danger?: boolean
  onConfirm?: () => void
  /** Cancel button, Escape or a tap on the mask. */
  onCancel?: () => void
  afterClose?: () => void
}

const defaultProps = { visible: false, confirmText: '确定', cancelText: '取消', danger: false }

/** A centred modal with a title, content and cancel / confirm buttons. */
export function Dialog(p: DialogProps) {
  const props = { ...defaultProps, ...p }
  const state = usePresence(props.visible, props.afterClose)
  const cancel = () => props.onCancel?.()
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(state === 'open', cancel)
  const titleId = useId()
  const contentId = useId()
  if (state === 'hidden') return null
  const hasTitle = props.title != null && props.title !== ''

  return (
    <div
      className={`${overlay.layer} ${styles.root}`}
      data-state={state}
      aria-hidden={state === 'closing' || undefined}
      inert={state === 'closing'}
    >
      <div className={overlay.mask} onClick={cancel} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={hasTitle ? titleId : contentId}
        aria-describedby={hasTitle ? contentId : undefined}
        tabIndex={-1}
        className={styles.panel}
        onKeyDown={onKeyDown}
      >
        {hasTitle && (
          <h2 id={titleId} className={styles.title}>
            {props.title}
          </h2>
        )}
        <div id={contentId} className={styles.content}>
          {props.content}
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.button} data-autofocus={props.danger || undefined} onClick={cancel}>
            {props.cancelText}
          </button>
          <button
            type="button"
            className={styles.button}
            data-primary
            data-danger={props.danger || undefined}
            data-autofocus={!props.danger || undefined}
            onClick={() => props.onConfirm?.()}
          >
            {props.confirmText}
          </button>
        </div>
      </div>
    </div>
  )
}
