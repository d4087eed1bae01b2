import { usePresence } from '../overlay'
import overlay from '../overlay/overlay.module.css'
import styles from './toast.module.css'

/** Props of {@link Toast}. Usually shown through `toast()` rather than rendered directly. */
export interface ToastProps {
  /** Shown as plain text (never parsed as HTML), wrapped when long. */
  message: string
  visible?: boolean
  /** Called when the exit animation has ended. */
  afterClose?: () => void
}

/** A short centred message that does not block taps. */
export function Toast({ message, visible = true, afterClose }: ToastProps) {
  const state = usePresence(visible, afterClose)
  if (state === 'hidden') return null
  const closing = state === 'closing'
  return (
    <div className={`${overlay.layer} ${styles.root}`} data-state={state} aria-hidden={closing || undefined}>
      <div role="alert" className={styles.message}>
        {message}
      </div>
    </div>
  )
}
