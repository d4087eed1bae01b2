import styles from './audio-failed-notice.module.css'

/** Said on a slide whose audio failed from every source, while the player waits to skip it. */
export const AUDIO_FAILED = '音频加载失败，即将跳过'

/**
 * The short notice on a slide whose audio cannot play; nothing when `visible` is false. Screen readers
 * hear it through the deck's one live status (slideStatus), so this is plain text, not a second one.
 */
export function AudioFailedNotice({ visible }: { visible: boolean }) {
  return visible ? <p className={styles.notice}>{AUDIO_FAILED}</p> : null
}
