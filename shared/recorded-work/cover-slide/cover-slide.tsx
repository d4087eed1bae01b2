import { PLAYS_AUDIO } from '@shared/first-screen/unlocked-audio'
import type { CoverRow } from '../data'
import { InviteBlock } from '../invite-block'
import { PlayButton } from '../play-button'
import { Stars } from '../stars'
import { WorkImage } from '../work-image'
import styles from './cover-slide.module.css'
import { useProgressiveCount } from './use-progressive-count'

/** Props of {@link CoverSlide}. */
export interface CoverSlideProps {
  title: string
  intro: string
  tags: string[]
  imageUrl: string
  rows: CoverRow[]
  /** The row whose recording is playing, if any. */
  playingKey: string | null
  onTapRow: (row: CoverRow) => void
  inviterCode: string
  /** `开始欣赏《title》`; disabled when there is nothing to play. */
  onStart: () => void
  canStart: boolean
  /** The cover picture has loaded or failed (see WorkImage). */
  onImageSettled?: () => void
}

/**
 * The cover: picture, title, tags, intro, the recorded sentences with stars, and the start button. On a
 * phone held upright one column; on its side the picture on the left, the rest beside it, so that the
 * picture, the title and the start button are all on screen at once.
 */
export function CoverSlide(props: CoverSlideProps) {
  const { shown, sentinelRef, more } = useProgressiveCount(props.rows.length)
  return (
    <article className={styles.root}>
      {/* On a phone on its side, the picture stays on the left while the rest scrolls beside it. */}
      <div className={styles.media}>
        <WorkImage src={props.imageUrl} fit="cover" priority onSettled={props.onImageSettled} />
      </div>
      <div className={styles.side}>
        <div className={styles.body}>
          {props.title && <h2 className={styles.title}>{props.title}</h2>}
          {props.tags.length > 0 && (
            <ul className={styles.tags} aria-label="标签">
              {props.tags.map((tag, i) => (
                <li key={i} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {props.intro && <p className={styles.intro}>{props.intro}</p>}
          {props.rows.length > 0 && (
            <ul className={styles.rows} aria-label="录音列表">
              {props.rows.slice(0, shown).map((row) => (
                <li key={row.key} className={styles.row} onClick={() => props.onTapRow(row)}>
                  {/* The row is the touch target; the button inside carries the name for keyboards and readers. */}
                  <PlayButton size="s" playing={props.playingKey === row.key} onClick={() => {}} />
                  <span className={styles.rowText} lang="en">
                    {row.en || '—'}
                  </span>
                  {row.score !== null && <Stars score={row.score} />}
                </li>
              ))}
              {more && <li ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />}
            </ul>
          )}
          <InviteBlock code={props.inviterCode} />
        </div>
        <div className={styles.footer}>
          <button
            type="button"
            className={styles.start}
            disabled={!props.canStart}
            onClick={props.onStart}
            // Its name as docs/contracts/ui-text.md writes it: the <wbr> below would read as a space.
            aria-label={`开始欣赏《${props.title}》`}
            {...{ [PLAYS_AUDIO]: '' }}
          >
            {/* A line may break before the book's name (WebKit keeps 开始欣赏《…》 whole otherwise). */}
            开始欣赏
            <wbr />《{props.title}》
          </button>
        </div>
      </div>
    </article>
  )
}
