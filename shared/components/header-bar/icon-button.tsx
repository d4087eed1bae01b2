import type { MouseEventHandler } from 'react'
import { Icon, type IconName } from './icons'
import styles from './header-bar.module.css'

const defaultLabels: Record<IconName, string> = { back: '返回', share: '分享', close: '关闭' }

/** Props of {@link IconButton}. */
export interface IconButtonProps {
  icon: IconName
  /** Accessible name; defaults to `返回` / `分享` / `关闭` (docs/contracts/ui-text.md). */
  label?: string
  onClick?: MouseEventHandler<HTMLButtonElement>
}

/** A 30 px icon button for the header: back, share or close. */
export function IconButton({ icon, label = defaultLabels[icon], onClick }: IconButtonProps) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}
