import styles from './vip-sale.module.css'

/** The five member benefits (docs/contracts/ui-text.md), in order. */
export const BENEFITS: readonly string[] = ['单词卡片游戏', '拼写挑战', '听力填空', '个性化学习计划', 'AI发音测评']

/** `会员权益`: what a membership gives. */
export function Benefits() {
  return (
    <section className={styles.card} aria-labelledby="benefits-title">
      <h2 id="benefits-title" className={styles.cardTitle}>
        会员权益
      </h2>
      <ul className={styles.benefits}>
        {BENEFITS.map((benefit, index) => (
          <li key={benefit} className={styles.benefit}>
            <span className={styles.benefitIcon} aria-hidden="true">
              {index + 1}
            </span>
            {benefit}
          </li>
        ))}
      </ul>
    </section>
  )
}
