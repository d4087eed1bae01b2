import { ModalFrame } from '../overlay'
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
  const close = () => props.onClose?.()
  const firstEnabled = props.actions.findIndex((action) => !action.disabled)

  return (
    <ModalFrame
      visible={props.visible}
      afterClose={props.afterClose}
      onDismiss={close}
      className={styles.root}
      panelClassName={styles.panel}
      labelledBy={props.title ? 'title' : undefined}
      label="操作菜单"
    >
      {(ids) => (
        <>
          {props.title && (
            <h2 id={ids.title} className={styles.title}>
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
        </>
      )}
    </ModalFrame>
  )
}
