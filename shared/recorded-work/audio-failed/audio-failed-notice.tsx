import styles from './audio-failed-notice.module.css'

/** Said on a slide whose audio failed from every source, while the player waits to skip it. */
export const AUDIO_FAILED = '音频加载失败，即将跳过'

/** The short notice on a slide whose audio cannot play; nothing when `visible` is false. */
export function AudioFailedNotice({ visible }: { visible: boolean }) {
  return (
    <p className={styles.notice} role="status">
      {visible ? AUDIO_FAILED : ''}
    </p>
  )
}
