import { useId } from 'react'
import { useModalFocus, usePresence } from '../overlay'
import overlay from '../overlay/overlay.module.css'
import styles from './action-sheet.module.css'

/** One option of the sheet. */
export interface Action {
  /** What `showActionSheet()` resolves with when this option is chosen. */
  key: string
  text: string
  disabled?: boolean
}

/** Props of {@link ActionSheet}. `showActionSheet()` renders it imperatively. */
export interface ActionSheetProps {
  visible?: boolean
  actions: Action[]
  /** Optional heading; it names the dialog (default name `操作菜单`). */
  title?: string
  /** Default `取消`. */
  cancelText?: string
  onAction?: (key: string) => void
  /** Cancel button, Escape or a tap on the mask. */
  onClose?: () => void
  afterClose?: () => void
}

const defaultProps = { visible: false, cancelText: '取消' }

/** A bottom sheet: one 48 px row per option, then a separate cancel row. */
export function ActionSheet(p: ActionSheetProps) {
  const props = { ...defaultProps, ...p }
  const state = usePresence(props.visible, props.afterClose)
  const close = () => props.onClose?.()
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(state === 'open', close)
  const titleId = useId()
  if (state === 'hidden') return null
  const firstEnabled = props.actions.findIndex((action) => !action.disabled)

  return (
    <div
      className={`${overlay.layer} ${styles.root}`}
      data-state={state}
      aria-hidden={state === 'closing' || undefined}
      inert={state === 'closing'}
    >
      <div className={overlay.mask} onClick={close} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.title ? titleId : undefined}
        aria-label={props.title ? undefined : '操作菜单'}
        tabIndex={-1}
        className={styles.panel}
        onKeyDown={onKeyDown}
      >
        {props.title && (
          <h2 id={titleId} className={styles.title}>
            {props.title}
          </h2>
        )}
        {props.actions.map((action, index) => (
          <button
            // Keys come from page code but are not guaranteed unique; the index is.
            key={index}
            type="button"
            className={styles.row}
            disabled={action.disabled}
            data-autofocus={index === firstEnabled || undefined}
            onClick={() => props.onAction?.(action.key)}
          >
            {action.text}
          </button>
        ))}
        <button type="button" className={`${styles.row} ${styles.cancel}`} onClick={close}>
          {props.cancelText}
        </button>
      </div>
    </div>
  )
}
