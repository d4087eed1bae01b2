import { OpenAppButton } from '@shared/components/open-app-button'
import styles from './share-not-found.module.css'

/**
 * A share that does not exist or has expired (no `r`, or the server answered 404): said in the view
 * itself, with no `重试` (it could never succeed); outside the app, `打开App`.
 */
export function ShareNotFound({ inApp }: { inApp: boolean }) {
  return (
    <section className={styles.root}>
      <p className={styles.message}>分享内容不存在或已失效</p>
      {!inApp && <OpenAppButton className={styles.button} />}
    </section>
  )
}
