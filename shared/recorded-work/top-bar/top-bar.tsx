import { IconButton } from '@shared/components/header-bar'
import styles from './top-bar.module.css'

/** Props of {@link TopBar}. */
export interface TopBarProps {
  autoNext: boolean
  playRecord: boolean
  onAutoNext: (on: boolean) => void
  onPlayRecord: (on: boolean) => void
  onShare: () => void
}

/** The bar shown after the cover: `自动翻页`, `原声` and `分享`. */
export function TopBar({ autoNext, playRecord, onAutoNext, onPlayRecord, onShare }: TopBarProps) {
  return (
    <div className={styles.root}>
      <label className={styles.check}>
        <input type="checkbox" checked={autoNext} onChange={(e) => onAutoNext(e.currentTarget.checked)} />
        自动翻页
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={playRecord} onChange={(e) => onPlayRecord(e.currentTarget.checked)} />
        原声
      </label>
      <span className={styles.share}>
        <IconButton icon="share" onClick={onShare} />
      </span>
    </div>
  )
}
