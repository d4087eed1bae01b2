import { BRAND } from '@shared/config/brand'
import appIcon from '../../assets/app-icon.svg'
import { OpenAppButton } from '../open-app-button'
import styles from './open-in-app-screen.module.css'

/**
 * What an account page shows outside the app (docs/decisions.md): there is no signed-in user there, so
 * instead of a login error or a form that cannot be saved, `请在App内打开` with `打开App` and `下载App`.
 * Usually rendered by {@link InAppOnly}.
 */
export function OpenInAppScreen() {
  return (
    <section className={styles.root} aria-labelledby="open-in-app-title">
      <img className={styles.icon} src={appIcon} alt="" width={64} height={64} />
      <h2 id="open-in-app-title" className={styles.title}>
        请在App内打开
      </h2>
      {/* docs/contracts/ui-text.md's text, with the places a line may break: between its words. */}
      <p className={styles.text} data-phrases>
        登录App后
        <wbr />
        即可查看
        <wbr />
        和管理
      </p>
      <div className={styles.actions}>
        <OpenAppButton className={styles.primary} />
        {/* A button by contract (docs/contracts/ui-text.md); it navigates like a link. */}
        <button type="button" className={styles.secondary} onClick={() => window.location.assign(BRAND.downloadUrl)}>
          下载App
        </button>
      </div>
    </section>
  )
}
