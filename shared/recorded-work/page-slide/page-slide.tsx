import { AudioFailedNotice } from '../audio-failed'
import type { WorkPage } from '../data'
import { PlayButton } from '../play-button'
import { WorkImage } from '../work-image'
import styles from './page-slide.module.css'

/** Props of {@link PageSlide}. */
export interface PageSlideProps {
  page: WorkPage
  /** 1-based position and the page count (padding slides excluded). */
  n: number
  total: number
  playing: boolean
  /** The sentence being read, highlighted when the page has several; `null` when none. */
  sentence: number | null
  onToggle: () => void
  /** Its audio failed from every source: a short notice while the player skips it. */
  audioFailed?: boolean
}

/** A picture-book page: picture, English text, translation, play / pause and `n/total`. */
export function PageSlide({ page, n, total, playing, sentence, onToggle, audioFailed = false }: PageSlideProps) {
  const split = page.clips.length > 1 && page.clips.some((clip) => clip.en)
  return (
    <article className={styles.root}>
      <WorkImage src={page.imageUrl} />
      <div className={styles.text}>
        {split ? (
          <p className={styles.en} lang="en">
            {page.clips.map((clip, i) => (
              <span key={clip.key} className={styles.sentence} data-current={i === sentence || undefined}>
                {clip.en}{' '}
              </span>
            ))}
          </p>
        ) : (
          page.en && (
            <p className={styles.en} lang="en">
              {page.en}
            </p>
          )
        )}
        {page.cn && <p className={styles.cn}>{page.cn}</p>}
      </div>
      <AudioFailedNotice visible={audioFailed} />
      <div className={styles.controls}>
        <PlayButton playing={playing} onClick={onToggle} />
        <span className={styles.counter}>
          {n}/{total}
        </span>
      </div>
    </article>
  )
}
