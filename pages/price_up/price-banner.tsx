import cardImage from './price-notice-card.svg'
import styles from './price-up.module.css'

/** Props of {@link PriceBanner}. */
export interface PriceBannerProps {
  onClick: () => void
}

/**
 * The price notice: a tap anywhere on the banner opens the plans, as its `查看会员方案` button does;
 * the notice itself is real text on the banner, also the button's description. The words, the drawing
 * of the price card and the button follow each other down the banner: with large text they push each
 * other down, never over one another (issue 39). The button holds
 * only its own words, so its accessible name is its visible text (WCAG 2.5.3); it has no handler of
 * its own: its click (tap, Enter, Space) bubbles to the banner's, once.
 */
export function PriceBanner({ onClick }: PriceBannerProps) {
  return (
    <div className={styles.banner} onClick={onClick}>
      <span className={styles.bannerTop}>
        <span className={styles.headline} data-phrases>
          会员
          <wbr />
          价格调整
          <wbr />
          通知
        </span>
        <span id="price-notice-text" className={styles.text}>
          为了持续提供更丰富的学习内容和更好的服务，会员方案价格将于近期调整，具体价格以会员页面为准。
        </span>
      </span>
      <img className={styles.card} src={cardImage} alt="" width={224} height={124} />
      <button type="button" className={styles.cta} aria-describedby="price-notice-text">
        查看会员方案
      </button>
    </div>
  )
}
