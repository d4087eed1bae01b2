import type { ReactNode } from 'react'
import view from '../error-view/error-view.module.css'
import styles from './empty.module.css'

/** Props of {@link Empty}. */
export interface EmptyProps {
  /** Default `暂无内容`. */
  description?: string
  /** An image URL or any node; default a small drawn empty tray. */
  image?: string | ReactNode
}

/** The empty state of a list. */
export function Empty({ description = '暂无内容', image }: EmptyProps) {
  return (
    <section className={`${view.root} ${styles.root}`}>
      {typeof image === 'string' ? <img className={styles.image} src={image} alt="" /> : (image ?? <EmptyTray />)}
      <p className={`${view.message} ${styles.description}`}>{description}</p>
    </section>
  )
}

function EmptyTray() {
  return (
    <svg className={styles.image} viewBox="0 0 96 72" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="64" rx="40" ry="6" fill="var(--color-bg)" />
      <path d="M18 38 28 16h40l10 22v20H18Z" fill="var(--color-surface)" stroke="var(--color-border)" strokeWidth="2" />
      <path d="M18 38h20a10 6 0 0 0 20 0h20" fill="none" stroke="var(--color-border)" strokeWidth="2" />
    </svg>
  )
}
