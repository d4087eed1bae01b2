import { useModalFocus } from '@shared/components/overlay'
import { formatSize } from '@shared/format'
import popupImage from './success-popup.svg'
import styles from './expand-space.module.css'

/** Props of {@link ClaimSuccessPopup}. */
export interface ClaimSuccessPopupProps {
  /** The space the claim added, in MB; null when the server did not say. */
  grantedMb: number | null
  /** A tap anywhere (or Escape) closes; the page then closes the WebView. */
  onClose: () => void
}

/** The `领取成功` popup over a dimmed page. */
export function ClaimSuccessPopup({ grantedMb, onClose }: ClaimSuccessPopupProps) {
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(true, onClose)
  const detail = grantedMb ? `${formatSize(grantedMb)}扩容空间已到账` : '扩容空间已到账'
  return (
    <div className={styles.popupLayer} onClick={onClose}>
      <div
        ref={panelRef}
        className={styles.popup}
        role="dialog"
        aria-modal="true"
        aria-labelledby="claim-success-title"
        aria-describedby="claim-success-detail"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <img className={styles.popupImage} src={popupImage} alt="" width={300} height={190} />
        <p id="claim-success-title" className={styles.popupTitle}>
          领取成功
        </p>
        <p id="claim-success-detail" className={styles.popupText}>
          {detail}
        </p>
        <button type="button" className={styles.popupButton} data-autofocus>
          开心收下
        </button>
      </div>
    </div>
  )
}
