import { statusText, type Membership } from './vip-data'
import styles from './vip-sale.module.css'

/** Props of {@link StatusCard}. */
export interface StatusCardProps {
  /** null = not known yet (the prerendered frame): a placeholder, never `您还不是会员`. */
  membership: Membership | null
}

/** A date (`2027-11-23`) never breaks at its hyphens, even on a narrow line at 200 % text (issue 39). */
function keepDatesWhole(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className={styles.date}>
        {part}
      </span>
    ) : (
      part
    ),
  )
}

/** The user's membership: not a member, a member until a date, or a permanent member. */
export function StatusCard({ membership }: StatusCardProps) {
  const text = membership && statusText(membership)
  const member = membership !== null && membership.kind !== 'none'
  return (
    <section className={styles.status} data-member={member || undefined} aria-label="会员状态" aria-busy={!text || undefined}>
      <span className={styles.crown} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path d="M3 8l4.5 3.5L12 5l4.5 6.5L21 8l-2 10H5L3 8z" fill="currentColor" />
        </svg>
      </span>
      {text ? (
        <p className={styles.statusText}>{keepDatesWhole(text)}</p>
      ) : (
        <p className={styles.statusText}>
          {membership?.kind === 'member' ? '会员有效期至 ' : ''}
          <span className={styles.statusPlaceholder} />
        </p>
      )}
    </section>
  )
}
