import { BOTTOM_ACTION_TEXT, type BottomAction } from '@shared/book-folder'
import styles from './bottom-bar.module.css'

/** Props of {@link BottomBar}. */
export interface BottomBarProps {
  actions: BottomAction[]
  onAction: (action: BottomAction) => void
}

/** The bar at the bottom of the list (the last part of the page, stuck to the screen): the first action is the main one. */
export function BottomBar({ actions, onAction }: BottomBarProps) {
  if (actions.length === 0) return null
  return (
    <nav className={styles.bar} aria-label="操作">
      {actions.map((action, i) => (
        <button
          key={action}
          type="button"
          className={i === 0 ? `${styles.button} ${styles.primary}` : styles.button}
          onClick={() => onAction(action)}
        >
          {BOTTOM_ACTION_TEXT[action]}
        </button>
      ))}
    </nav>
  )
}
