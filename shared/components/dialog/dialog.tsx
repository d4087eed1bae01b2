import type { ReactNode } from 'react'
import { ModalFrame } from '../overlay'
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
  const cancel = () => props.onCancel?.()
  const hasTitle = props.title != null && props.title !== ''

  return (
    <ModalFrame
      visible={props.visible}
      afterClose={props.afterClose}
      onDismiss={cancel}
      className={styles.root}
      panelClassName={styles.panel}
      labelledBy={hasTitle ? 'title' : 'content'}
      describedBy={hasTitle ? 'content' : undefined}
    >
      {(ids) => (
        <>
          {hasTitle && (
            <h2 id={ids.title} className={styles.title}>
              {props.title}
            </h2>
          )}
          <div id={ids.content} className={styles.content}>
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
        </>
      )}
    </ModalFrame>
  )
}
