import type { ReactNode } from 'react'
import { DownloadBar } from '@shared/components/download-bar'
import { HeaderBar } from '@shared/components/header-bar'
import { useInApp } from '@shared/hooks/use-in-app'
import { ShareTitle } from '../share-title'
import styles from './viewer-frame.module.css'

/** Props of {@link ViewerFrame}. */
export interface ViewerFrameProps {
  title: string
  showBack: boolean
  /** Under the header (the viewer's top bar after the cover). */
  bar?: ReactNode
  /** The swipe book, or the cover alone before the viewer is there. */
  children: ReactNode
  /** Over everything (the share guide). */
  overlay?: ReactNode
}

/**
 * The column of a shown work: header, optional bar, the deck filling the rest, the download bar outside
 * the app. The cover drawn before the viewer and the viewer share it, so nothing moves at the handover.
 */
export function ViewerFrame({ title, showBack, bar, children, overlay }: ViewerFrameProps) {
  const inApp = useInApp()
  return (
    <div className={styles.root} data-in-app={inApp || undefined}>
      <HeaderBar title={title} phrasedTitle={<ShareTitle title={title} />} isShowBack={showBack} />
      {bar}
      <main className={styles.deck}>{children}</main>
      {!inApp && <DownloadBar />}
      {overlay}
    </div>
  )
}
