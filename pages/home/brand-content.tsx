import { BRAND } from '@shared/config/brand'
import { FEATURES, heroImage, PARENT_FEATURES } from './features'
import styles from './brand-content.module.css'

/**
 * The brand introduction both variants show: who the app is for, the five learning features with
 * their illustrations, what parents can do, and the company's legal lines (docs/spec/product-spec.md §1).
 */
export function BrandContent() {
  return (
    <div className={styles.root}>
      <section className={styles.hero} aria-labelledby="brand-hero-title">
        <img className={styles.heroImage} src={heroImage} alt="" width={320} height={200} />
        <h2 id="brand-hero-title" className={styles.heroTitle} aria-label="陪孩子在玩中学英语">
          陪孩子
          <wbr />
          在玩中
          <wbr />
          学英语
        </h2>
        <p className={styles.heroText}>{BRAND.appName}把单词、拼写、听力和发音练习做成孩子喜欢的小游戏，家长随时看得见孩子的进步。</p>
      </section>

      <section className={styles.section} aria-labelledby="brand-features-title">
        <h2 id="brand-features-title" className={styles.sectionTitle}>
          孩子在这里学什么
        </h2>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              {/* Below the hero: fetched as they come near the screen, after the first paint (no preload). */}
              <img className={styles.featureImage} src={feature.image} alt="" width={96} height={80} loading="lazy" />
              <div>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <p className={styles.featureText}>{feature.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="brand-parents-title">
        <h2 id="brand-parents-title" className={styles.sectionTitle}>
          家长也能一起参与
        </h2>
        <ul className={styles.parentList}>
          {PARENT_FEATURES.map((item) => (
            <li key={item.title} className={styles.parentItem}>
              <h3 className={styles.featureTitle}>{item.title}</h3>
              <p className={styles.featureText}>{item.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <footer className={styles.footer}>
        <p>{BRAND.company}</p>
        <p>{BRAND.copyright}</p>
        <p>{BRAND.filingNumber}</p>
      </footer>
    </div>
  )
}
