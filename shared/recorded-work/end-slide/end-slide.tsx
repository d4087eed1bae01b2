import { InviteBlock } from '../invite-block'
import { WorkImage } from '../work-image'
import styles from './end-slide.module.css'

/** Props of {@link EndSlide}. */
export interface EndSlideProps {
  title: string
  imageUrl: string
  inviterCode: string
  /** `返回首页`: back to the first slide. */
  onHome: () => void
  onShare: () => void
}

/**
 * The end slide: the picture, `《title》欣赏结束`, `返回首页`, `分享`, and the invite block; on a phone on its
 * side the picture on the left, the rest beside it.
 */
export function EndSlide({ title, imageUrl, inviterCode, onHome, onShare }: EndSlideProps) {
  return (
    <article className={styles.root}>
      <div className={styles.media}>
        <WorkImage src={imageUrl} fit="cover" />
      </div>
      <div className={styles.side}>
        <h2 className={styles.title} aria-label={`《${title}》欣赏结束`}>
          《{title}》
          <wbr />
          欣赏结束
        </h2>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onHome}>
            返回首页
          </button>
          <button type="button" className={styles.primary} onClick={onShare}>
            分享
          </button>
        </div>
        <InviteBlock code={inviterCode} />
      </div>
    </article>
  )
}
