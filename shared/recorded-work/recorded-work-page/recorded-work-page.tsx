import { useCallback, useEffect, useRef, useState } from 'react'
import { goBackOrClose } from '@shared/bridge'
import { ErrorBoundary } from '@shared/components/error-boundary'
import { ErrorView } from '@shared/components/error-view'
import { parseParams } from '@shared/app/define-page'
import { useInApp } from '@shared/hooks/use-in-app'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { CoverFrame, type CoverAction } from '../cover-frame'
import { useShareLoad } from '../hooks/use-share-load'
import { SHARE_PARAMS, shareTitle, type ShareQuery } from '../share-page'
import type { RecordedWorkViewerProps } from '../viewer/recorded-work-viewer'
import { WaitingFrame } from '../waiting-frame'
import { ShareNotFound } from './share-not-found'
import { useAfterRelease } from './use-after-release'
import { preloadViewer, useViewerModule } from './use-viewer-module'

/** Props of {@link RecordedWorkPage}. */
export interface RecordedWorkPageProps {
  /** `words` for /word_share; `auto` (/recorded_share) shows the word variant when the share has words. */
  variant: 'auto' | 'words'
}

function readQuery(): ShareQuery {
  return parseParams(SHARE_PARAMS, typeof window === 'undefined' ? '' : window.location.search)
}

/** After this long the viewer loads even if the cover picture has not (a slow or huge picture). */
const VIEWER_AFTER_MS = 3000

/**
 * How long the cover frame keeps its picture on screen before the viewer draws its own. The browser
 * reports a paint (the largest paint of the page) a frame or more after it shows it, and drops the
 * report when the element is gone by then; on a re-open the viewer chunk is cached and would replace
 * the picture at once, so the page's largest paint would be the viewer's copy instead of the cover
 * that was on screen first. Nobody sees the difference: the viewer draws the same cover in the same box.
 */
const COVER_SHOWN_MS = 150

/**
 * The loaded work: its cover at once (CoverFrame), then the viewer (Swiper, player, slides), fetched
 * once the cover picture is in so that the largest paint has the connection to itself, or at the first
 * tap. The viewer takes over {@link COVER_SHOWN_MS} after the picture is in, but never under a finger
 * (a press that went down on the cover's button would lift on the viewer's, and its tap be lost); a tap
 * before the viewer is there is handed to it at once.
 */
function LoadedWork(props: RecordedWorkViewerProps) {
  const [wanted, setWanted] = useState(false)
  const [pictureIn, setPictureIn] = useState(false)
  const [action, setAction] = useState<CoverAction | null>(null)
  const scrollTop = useRef(0)
  const viewer = useViewerModule(wanted)
  const released = useAfterRelease(viewer !== null)
  const want = useCallback(() => setWanted(true), [])
  const settled = useCallback(() => setPictureIn(true), [])

  useEffect(() => {
    // Once the picture is in, the viewer is fetched at once and shown a moment later (a failed fetch is
    // tried again, and reported, by useViewerModule); until then, it comes after VIEWER_AFTER_MS anyway.
    if (pictureIn) preloadViewer().catch(() => {})
    const timer = setTimeout(want, pictureIn ? COVER_SHOWN_MS : VIEWER_AFTER_MS)
    return () => clearTimeout(timer)
  }, [pictureIn, want])

  if (!viewer || (!released && !action)) {
    return (
      <CoverFrame
        work={props.work}
        title={props.title}
        showBack={props.showBackOnCover}
        pending={action}
        onAction={(next) => {
          setAction(next)
          want()
        }}
        onImageSettled={settled}
        onScrollTop={(top) => (scrollTop.current = top)}
      />
    )
  }
  return <viewer.RecordedWorkViewer {...props} firstAction={action} coverScrollTop={() => scrollTop.current} />
}

/**
 * A recorded-work share page (/recorded_share, /word_share): reads `r`, `title`, `isNeedBackWeb`,
 * loads the share, and shows loading, the error view (`加载失败` + `重试`), the share-not-found view or
 * the viewer. The native back
 * button (`backClick`) goes back, or closes the WebView when the page is the first of its history.
 */
export function RecordedWorkPage({ variant }: RecordedWorkPageProps) {
  const [query] = useState(readQuery)
  const inApp = useInApp()
  const { load, retry } = useShareLoad(query.r, { variant })
  const nick = load.status === 'loaded' ? load.data.inviter.nickName : ''
  const title = shareTitle(query, nick)
  useNativeMessage('backClick', goBackOrClose)
  // Ready once the cover is drawn, or the share is known to be gone (the page's answer, not a failure).
  useMarkReady(load.status === 'loaded' || load.status === 'notFound')

  if (load.status === 'loaded') {
    return (
      <ErrorBoundary>
        <title>{title}</title>
        <LoadedWork work={load.data} title={title} showBackOnCover={query.isNeedBackWeb} />
      </ErrorBoundary>
    )
  }
  return (
    <WaitingFrame title={title} showBack={query.isNeedBackWeb} loading={load.status === 'loading'}>
      {load.status === 'failed' && <ErrorView onRetry={retry} final={load.final} />}
      {load.status === 'notFound' && <ShareNotFound inApp={inApp} />}
    </WaitingFrame>
  )
}
