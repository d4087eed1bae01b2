import { BRAND } from '@shared/config/brand'
import appIcon from '../../assets/app-icon.svg'
import { OpenAppButton } from '../open-app-button'
import styles from './download-bar.module.css'

/**
 * The "download the app" bar fixed to the bottom, with a spacer so it never covers the page end:
 * `打开App` (this page in the app, shared/open-in-app) and `下载App` (the download page).
 * Pages render it only outside the app; the bar itself does not check.
 */
export function DownloadBar() {
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <aside className={styles.bar} aria-label={BRAND.appName}>
        <img className={styles.icon} src={appIcon} alt="" width={40} height={40} />
        <p className={styles.text}>下载App，和孩子一起学英语</p>
        <OpenAppButton className={styles.button} />
        {/* A button by contract (docs/contracts/ui-text.md); it navigates like a link. */}
        <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => window.location.assign(BRAND.downloadUrl)}>
          下载App
        </button>
      </aside>
    </>
  )
}
