import giftImage from './new-year-gift.svg'
import styles from './expand-space.module.css'

/** Props of {@link NewYearBanner}. */
export interface NewYearBannerProps {
  onClick: () => void
  /** The gift was already claimed: the banner says so and invites nothing. */
  claimed?: boolean
}

/**
 * The full-width festive banner; a tap anywhere on the picture claims, as on the `领取扩容礼包`
 * button. Its words are real text on the banner's drawn background, so they stay sharp at any width; the
 * words, the drawing of the gift and the button follow each other down the banner: with large text they
 * push each other down, never over one another (issue 39).
 * The button holds only its own words, so its accessible name is its visible text (WCAG 2.5.3); the
 * banner's other words are read as text. The button has no handler of its own: its click (tap, Enter,
 * Space) bubbles to the banner's, once. Once claimed, the button reads `已领取`, is disabled, and the
 * banner takes no tap.
 */
export function NewYearBanner({ onClick, claimed = false }: NewYearBannerProps) {
  return (
    <div className={styles.banner} data-claimed={claimed || undefined} onClick={claimed ? undefined : onClick}>
      <span className={styles.bannerTop}>
        <span className={styles.badge}>会员专享</span>
        <span className={styles.headline}>新年扩容大礼包</span>
        <span id="new-year-banner-text" className={styles.subline}>
          免费领取云空间 · 存下更多绘本录音
        </span>
      </span>
      <img className={styles.gift} src={giftImage} alt="" width={240} height={240} />
      <button type="button" className={styles.cta} aria-describedby="new-year-banner-text" disabled={claimed}>
        {claimed ? '已领取' : '领取扩容礼包'}
      </button>
    </div>
  )
}
