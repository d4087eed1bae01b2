import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { getUser, MSG_UPGRADE_APP, subscribeUser } from '@shared/bridge'
import { ShareMask } from '@shared/components/mask'
import { toast } from '@shared/components/toast'
import { useInApp } from '@shared/hooks/use-in-app'
import { useShareOutside } from '@shared/hooks/use-share-outside'
import type { CoverAction } from '../cover-frame'
import { coverImageOf, coverRows, exampleAudio, padSlides, wordAudio, type Accent, type RecordedWork, type WorkWord } from '../data'
import { isRunningOn } from '../player'
import { sharePayload, shareWork } from '../share-work'
import { SlideDeck } from '../slide-deck'
import { TopBar } from '../top-bar'
import { ViewerFrame } from '../viewer-frame'
import { renderSlide } from './render-slide'
import { slideLabel, slideStatus } from './slide-label'
import { useViewer } from './use-viewer'

/** Props of {@link RecordedWorkViewer}. */
export interface RecordedWorkViewerProps {
  work: RecordedWork
  /** The header title (the `title` query, else `{nickName}的录音作品`). */
  title: string
  /** `isNeedBackWeb=1`: a back button on the first slide. */
  showBackOnCover: boolean
  /** A tap on the cover drawn before the viewer came (CoverFrame): done once the viewer is up. */
  firstAction?: CoverAction | null
  /** How far that cover was scrolled (read once): the viewer's cover opens there. */
  coverScrollTop?: () => number
}

const noUser = () => null

/** The swipe book of a recorded work: cover, one slide per page or word, end slide; top bar; share. */
export function RecordedWorkViewer({ work, title, showBackOnCover, firstAction = null, coverScrollTop }: RecordedWorkViewerProps) {
  const viewer = useViewer(work)
  const { player, snapshot, slide, total, accent } = viewer
  const inApp = useInApp()
  const user = useSyncExternalStore(subscribeUser, getUser, noUser)
  const outside = useShareOutside()
  const state = snapshot.state
  const onceKey = state.status === 'playing' && state.target.mode === 'once' ? state.target.key : null

  const entries = work.kind === 'words' ? work.words : work.pages
  const slides = useMemo(() => padSlides<{ key: string }>(entries), [entries])
  const rows = useMemo(() => coverRows(work, accent), [work, accent])
  const coverImage = coverImageOf(work)

  // In the app the host's share sheet (an app without it is told to upgrade); outside it the share
  // guide in WeChat, else the system share sheet, else a copied link.
  const share = () => {
    if (!inApp) {
      const { title: shareTitle, text, url } = sharePayload(work, user?.nickName)
      outside.share({ title: shareTitle, text, url })
    } else if (!shareWork(work, user?.nickName)) toast(MSG_UPGRADE_APP)
  }
  /** A one-off clip with a play / pause button (a cover row, an example): tapping the one that plays stops it. */
  const toggleOnce = (key: string, source: Parameters<typeof player.playOnce>[1]) =>
    onceKey === key ? player.stopOnce() : player.playOnce(key, source)
  /** The word's pronunciation in `a` (a tap on the word, or on 英 / 美): heard from its start, every tap. */
  const playWord = (word: WorkWord, a: Accent) => player.playOnce(`${word.key}:word:${a}`, wordAudio(word, a))

  // The tap that came before the viewer, once. A timer, not the effect itself: StrictMode's replay of
  // the player's release would silence a clip started in the first run.
  const pending = useRef(firstAction)
  const start = viewer.start
  useEffect(() => {
    const action = pending.current
    if (!action) return
    const timer = setTimeout(() => {
      pending.current = null
      if (action.type === 'start') return start()
      const row = rows.find((r) => r.key === action.key)
      if (row) player.playOnce(row.key, row.source)
    })
    return () => clearTimeout(timer)
  }, [start, rows, player])

  /** Item `item`'s audio failed from every source, and the player waits to skip it. */
  const audioFailedOn = (item: number) =>
    state.status === 'skipping' && state.failed === true && state.target.mode === 'list' && state.target.item === item
  const draw = (i: number) =>
    renderSlide(slides[i], {
      work,
      total,
      accent,
      rows,
      coverImage,
      onceKey,
      isPlaying: (item) => isRunningOn(state, item),
      sentenceOf: (item) =>
        (state.status === 'playing' || state.status === 'skipping') && state.target.mode === 'list' && state.target.item === item
          ? state.target.sentence
          : null,
      audioFailedOn,
      onToggle: (item) => player.toggle(item),
      onTapRow: (row) => toggleOnce(row.key, row.source),
      onStart: viewer.start,
      onHome: viewer.goHome,
      onShare: share,
      // docs/decisions.md: the switched pronunciation is heard once, as a tap on the word would play it.
      onAccent: (word, a) => {
        viewer.setAccent(a)
        playWord(word, a)
      },
      onPlayWord: (word) => playWord(word, accent),
      // The accent is part of the key: after 英/美 a tap plays the other accent instead of stopping the old one.
      onPlayExample: (word) => toggleOnce(`${word.key}:example:${accent}`, exampleAudio(word, accent)),
    })

  return (
    <ViewerFrame
      title={title}
      showBack={showBackOnCover && slide === 0}
      bar={
        slide > 0 && (
          <TopBar
            autoNext={snapshot.autoNext}
            playRecord={snapshot.playRecord}
            onAutoNext={player.setAutoNext}
            onPlayRecord={player.setPlayRecord}
            onShare={share}
          />
        )
      }
      overlay={<ShareMask visible={outside.maskVisible} onClose={outside.closeMask} />}
    >
      <SlideDeck
        count={slides.length}
        index={slide}
        onIndexChange={viewer.onSlideChange}
        allowSwipe={viewer.allowSwipe}
        renderSlide={draw}
        label={work.title || title}
        slideLabel={(i) => slideLabel(i, total)}
        status={slideStatus(slide, total, isRunningOn(state, slide - 1), audioFailedOn(slide - 1))}
        initialScrollTop={coverScrollTop}
      />
    </ViewerFrame>
  )
}
