import type { ReactNode } from 'react'
import styles from './page-container.module.css'

/** Props of {@link PageContainer}. */
export interface PageContainerProps {
  /** 500 px wide instead of 800 px (the price and expansion pages, docs/spec/product-spec.md §9). */
  narrow?: boolean
  children?: ReactNode
}

/** The page column: centred, at most 800 px (500 px narrow), at least a screen tall, clear of the safe-area insets. */
export function PageContainer({ narrow = false, children }: PageContainerProps) {
  return (
    <div className={styles.root} data-narrow={narrow || undefined}>
      {children}
    </div>
  )
}
