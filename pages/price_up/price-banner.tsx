import bannerImage from './price-notice-banner.svg'
import styles from './price-up.module.css'

/** Props of {@link PriceBanner}. */
export interface PriceBannerProps {
  onClick: () => void
}

/**
 * The price notice: the whole banner is the `查看会员方案` button; the notice itself is real text
 * over the drawing, read to screen readers as the button's description.
 */
export function PriceBanner({ onClick }: PriceBannerProps) {
  return (
    <button
      type="button"
      className={styles.banner}
      aria-label="查看会员方案"
      aria-describedby="price-notice-text"
      onClick={onClick}
    >
      <img className={styles.bannerImage} src={bannerImage} alt="" width={375} height={420} />
      <span className={styles.bannerTop}>
        <span className={styles.headline}>会员价格调整通知</span>
        <span id="price-notice-text" className={styles.text}>
          为了持续提供更丰富的学习内容和更好的服务，会员方案价格将于近期调整，具体价格以会员页面为准。
        </span>
      </span>
      <span className={styles.cta}>查看会员方案</span>
    </button>
  )
}
