import { starsFromScore } from '@shared/format'
import styles from './stars.module.css'

/** Props of {@link Stars}. */
export interface StarsProps {
  /** Suggested score 0–100. */
  score: number
}

/** 0–3 stars for a score (docs/spec/product-spec.md §4), named `{n}星` for screen readers. */
export function Stars({ score }: StarsProps) {
  const n = starsFromScore(score)
  return (
    <span className={styles.root} role="img" aria-label={`${n}星`}>
      {[0, 1, 2].map((i) => (
        <svg key={i} viewBox="0 0 24 24" className={styles.star} data-on={i < n || undefined} aria-hidden="true">
          <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" />
        </svg>
      ))}
    </span>
  )
}
