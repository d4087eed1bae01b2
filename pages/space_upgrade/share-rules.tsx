import { formatSize } from '@shared/format'
import styles from './space-upgrade.module.css'

/** The share rewards of docs/spec/product-spec.md §9, in MB. */
export const SHARE_REWARD_MB = 300
export const PUBLISHER_EXTRA_MB = 300
export const REWARD_LIMIT_MB = 10 * 1024

/** The five reward rules of docs/spec/product-spec.md §9, as the panel lists them. */
export const SHARE_RULES: readonly string[] = [
  `好友保存你分享的资源，每保存一次，你可获得${formatSize(SHARE_REWARD_MB)}空间。`,
  `资源的发布者额外再获得${formatSize(PUBLISHER_EXTRA_MB)}空间。`,
  `每人每个资源最多可获得${formatSize(REWARD_LIMIT_MB)}奖励空间。`,
  '保存自己发布的课程不获得奖励。',
  '同一资源只奖励一次，删除后重新保存不再获得奖励。',
]

/** The `分享赚空间` panel: how sharing earns storage. */
export function ShareRules() {
  return (
    <section className={styles.card} aria-labelledby="rules-title">
      <h2 id="rules-title" className={styles.cardTitle}>
        分享赚空间
      </h2>
      <ol className={styles.rules}>
        {SHARE_RULES.map((rule, index) => (
          <li key={rule} className={styles.rule}>
            <span className={styles.ruleNumber} aria-hidden="true">
              {index + 1}
            </span>
            {rule}
          </li>
        ))}
      </ol>
    </section>
  )
}
