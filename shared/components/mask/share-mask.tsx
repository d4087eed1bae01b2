import { useModalFocus, usePresence } from '../overlay'
import overlay from '../overlay/overlay.module.css'
import menuGuide from '../../assets/share-guide-menu.svg'
import browserGuide from '../../assets/share-guide-browser.svg'
import styles from './share-mask.module.css'

/** Props of {@link ShareMask}. */
export interface ShareMaskProps {
  visible: boolean
  /** 0: tap ··· at the top right to share; 1: open in the browser. Other values show 0. */
  type?: number
  /** A tap anywhere (or Escape) asks to close. */
  onClose: () => void
  afterClose?: () => void
}

// The guide text is real text beside the picture, so screen readers read it too.
const guides = [
  { image: menuGuide, text: '点击右上角「···」分享给好友' },
  { image: browserGuide, text: '点击右上角「···」选择“在浏览器打开”' },
] as const

/** The share guide shown in a browser: a dark full-screen mask pointing at the top-right menu. */
export function ShareMask({ visible, type = 0, onClose, afterClose }: ShareMaskProps) {
  const state = usePresence(visible, afterClose)
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(state === 'open', onClose)
  if (state === 'hidden') return null
  const guide = type === 1 ? guides[1] : guides[0]
  return (
    <div
      ref={panelRef}
      className={`${overlay.layer} ${styles.root}`}
      data-state={state}
      role="dialog"
      aria-modal="true"
      aria-label="分享引导"
      aria-hidden={state === 'closing' || undefined}
      tabIndex={-1}
      onClick={onClose}
      onKeyDown={onKeyDown}
    >
      <figure className={styles.guide}>
        <img src={guide.image} alt="" />
        <figcaption className={styles.text}>{guide.text}</figcaption>
      </figure>
    </div>
  )
}
