import { goBackOrClose } from '@shared/bridge/navigation'
import styles from '@shared/components/error-view/error-view.module.css'

/**
 * A share that does not exist or has expired (no `r`, or the server answered 404): said in the view
 * itself, with no `重试` (it could never succeed). Never a dead end: in the app, which shows the share
 * without a header, `返回` (back, or close the WebView when it is the first page); outside it the
 * download bar under the view has the one `打开App` (docs/contracts/ui-text.md: a second one beside it
 * would offer the same thing twice).
 */
export function ShareNotFound({ inApp }: { inApp: boolean }) {
  return (
    <section className={styles.root}>
      <p className={styles.message}>分享内容不存在或已失效</p>
      {inApp && (
        <button type="button" className={styles.button} onClick={goBackOrClose}>
          返回
        </button>
      )}
    </section>
  )
}
