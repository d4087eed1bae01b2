import bannerImage from './new-year-banner.svg'
import styles from './expand-space.module.css'

/** Props of {@link NewYearBanner}. */
export interface NewYearBannerProps {
  onClick: () => void
  /** The gift was already claimed: the banner says so and invites nothing. */
  claimed?: boolean
}

/**
 * The full-width festive banner; the whole picture is the `领取扩容礼包` button. Its words are real
 * text laid over the drawing, so they stay sharp and readable at any width.
 */
export function NewYearBanner({ onClick, claimed = false }: NewYearBannerProps) {
  return (
    <button
      type="button"
      className={styles.banner}
      aria-label={claimed ? '已领取扩容礼包' : '领取扩容礼包'}
      aria-describedby="new-year-banner-text"
      disabled={claimed}
      data-claimed={claimed || undefined}
      onClick={onClick}
    >
      <img className={styles.bannerImage} src={bannerImage} alt="" width={375} height={500} />
      <span className={styles.bannerTop}>
        <span className={styles.badge}>会员专享</span>
        <span className={styles.headline}>新年扩容大礼包</span>
        <span id="new-year-banner-text" className={styles.subline}>
          免费领取云空间 · 存下更多绘本录音
        </span>
      </span>
      <span className={styles.cta}>{claimed ? '已领取' : '领取扩容礼包'}</span>
    </button>
  )
}
