import { useEffect, useMemo, type UIEvent } from 'react'
import { CoverSlide } from '../cover-slide'
import { coverImageOf, coverRows, type RecordedWork } from '../data'
import { slideLabel } from '../viewer/slide-label'
import { ViewerFrame } from '../viewer-frame'
import styles from './cover-frame.module.css'

/** What a tap on the cover asked for before the viewer was there; the viewer does it when it arrives. */
export type CoverAction = { type: 'start' } | { type: 'row'; key: string }

/** Props of {@link CoverFrame}. */
export interface CoverFrameProps {
  work: RecordedWork
  title: string
  showBack: boolean
  /** The tap waiting for the viewer, if any (a tapped row shows as playing meanwhile). */
  pending: CoverAction | null
  onAction: (action: CoverAction) => void
  /** The cover picture has loaded or failed (maybe more than once). */
  onImageSettled: () => void
  /** How far the cover is scrolled, so the viewer opens its cover at the same place. */
  onScrollTop: (top: number) => void
}

/**
 * The cover of a loaded work drawn without the viewer (no Swiper, no player): the first thing a visitor
 * sees, in the exact box the viewer's first slide has, so the viewer can take over without a move.
 */
export function CoverFrame({ work, title, showBack, pending, onAction, onImageSettled, onScrollTop }: CoverFrameProps) {
  const rows = useMemo(() => coverRows(work, 'uk'), [work])
  const total = work.kind === 'words' ? work.words.length : work.pages.length
  const image = coverImageOf(work)
  useEffect(() => {
    if (!image) onImageSettled()
  }, [image, onImageSettled])
  return (
    <ViewerFrame title={title} showBack={showBack}>
      <div className={styles.deck} role="region" aria-roledescription="carousel" aria-label={work.title || title}>
        <div
          className={styles.slide}
          role="group"
          aria-roledescription="slide"
          aria-label={slideLabel(0, total)}
          onScroll={(e: UIEvent<HTMLDivElement>) => onScrollTop(e.currentTarget.scrollTop)}
        >
          <CoverSlide
            title={work.title}
            intro={work.intro}
            tags={work.tags}
            imageUrl={image}
            rows={rows}
            playingKey={pending?.type === 'row' ? pending.key : null}
            onTapRow={(row) => onAction({ type: 'row', key: row.key })}
            inviterCode={work.inviter.inviterCode}
            onStart={() => onAction({ type: 'start' })}
            canStart={total > 0}
            onImageSettled={onImageSettled}
          />
        </div>
      </div>
    </ViewerFrame>
  )
}
