import styles from './play-button.module.css'

/** Props of {@link PlayButton}. */
export interface PlayButtonProps {
  /** Shows pause (named `暂停`) while true, play (named `播放`) otherwise. */
  playing: boolean
  onClick: () => void
  /** `l` for a page's main control, `s` inside lists. */
  size?: 's' | 'l'
  /** Overrides the accessible name (e.g. `播放例句`). */
  label?: string
}

/** A round play / pause button. */
export function PlayButton({ playing, onClick, size = 'l', label }: PlayButtonProps) {
  return (
    <button type="button" className={styles.root} data-size={size} aria-label={label ?? (playing ? '暂停' : '播放')} onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {playing ? <path d="M8 5.5h2.6v13H8zM13.4 5.5H16v13h-2.6z" /> : <path d="M8.5 5.2v13.6L19 12z" />}
      </svg>
    </button>
  )
}
