import type { ReactNode } from 'react'
import { DownloadBar } from '@shared/components/download-bar'
import { HeaderBar } from '@shared/components/header-bar'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { useInApp } from '@shared/hooks/use-in-app'
import { ShareTitle } from '../share-title'
import { WorkImage } from '../work-image'
import styles from './waiting-frame.module.css'

/** Props of {@link WaitingFrame}. */
export interface WaitingFrameProps {
  /** The header's and the document's title. */
  title: string
  /** The app's back button in the header (the link's `isNeedBackWeb`). */
  showBack: boolean
  /** The share is on its way: the cover picture's place (filled early by the HTML) under the loading overlay. */
  loading: boolean
  /** What shows instead once the share failed (the error view, the share-not-found view). */
  children?: ReactNode
}

/**
 * The share page before its cover: the header, the loading overlay over the cover picture's place, or
 * `children` (the error view, the share-not-found view) and, outside the app, the download bar, at the
 * bottom of the screen where the viewer draws it too: a stranger's first view already invites them in, and nothing
 * moves when the viewer takes over. RecordedWorkPage draws it until the share is in; the head script
 * draws it too where the HTML's frame does not fit the link (share-first-screen.tsx).
 */
export function WaitingFrame({ title, showBack, loading, children }: WaitingFrameProps) {
  const inApp = useInApp()
  return (
    <div className={styles.root}>
      <HeaderBar title={title} phrasedTitle={<ShareTitle title={title} />} isShowBack={showBack} />
      <main>
        <title>{title}</title>
        {children}
        {loading && (
          // The HTML's early request shows the cover's picture here before the bundle runs.
          <div className={styles.earlyCover}>
            <WorkImage src="" fit="cover" earlySlot />
          </div>
        )}
        {/* Always there, so that it fades out when the share fails. */}
        <LoadingOverlay visible={loading} />
      </main>
      {!inApp && <DownloadBar />}
    </div>
  )
}
