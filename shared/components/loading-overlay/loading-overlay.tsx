import { usePresence } from '../overlay'
import overlay from '../overlay/overlay.module.css'
import styles from './loading-overlay.module.css'

/** Props of {@link LoadingOverlay}. */
export interface LoadingOverlayProps {
  visible: boolean
  afterClose?: () => void
}

/** A full-screen dimmed layer with a centred spinner, above page content; blocks taps while shown. */
export function LoadingOverlay({ visible, afterClose }: LoadingOverlayProps) {
  const state = usePresence(visible, afterClose)
  if (state === 'hidden') return null
  return (
    <div
      className={`${overlay.layer} ${styles.root}`}
      data-state={state}
      role="status"
      aria-label="加载中"
      aria-hidden={state === 'closing' || undefined}
    >
      <span className={styles.box}>
        <span className={styles.spinner} />
      </span>
      {/* Live regions announce their text, not their label. */}
      <span className={styles.label}>加载中</span>
    </div>
  )
}
