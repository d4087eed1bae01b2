import { BRAND } from '@shared/config/brand'
import appIcon from '../../assets/app-icon.svg'
import { OpenAppButton } from '../open-app-button'
import styles from './download-bar.module.css'

/**
 * The "download the app" bar at the bottom of the screen, the last part of the page's column (it sticks
 * to the screen's bottom and takes its own room, so it never covers the page): `打开App` (this page in the
 * app, shared/open-in-app) and `下载App` (the download page). With large text it folds to its two
 * buttons. Pages render it only outside the app; the bar itself does not check.
 */
export function DownloadBar() {
  return (
    <aside className={styles.bar} aria-label={BRAND.appName}>
      <img className={styles.icon} src={appIcon} alt="" width={40} height={40} />
      {/* docs/contracts/ui-text.md's slogan, with the places a line may break: between its words. */}
      <p className={styles.text} data-phrases>
        下载App，
        <wbr />
        和孩子
        <wbr />
        一起
        <wbr />
        学英语
      </p>
      <OpenAppButton className={styles.button} />
      {/* A button by contract (docs/contracts/ui-text.md); it navigates like a link. */}
      <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => window.location.assign(BRAND.downloadUrl)}>
        下载App
      </button>
    </aside>
  )
}
