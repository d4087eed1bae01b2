import { HOME_PATH } from '@shared/bridge'
import { PageShell } from '@shared/components/page-shell'
import { useInApp } from '@shared/hooks/use-in-app'
import styles from './not-found.module.css'

/**
 * 页面不存在: what an unknown path shows (the reference server answers it with status 404; a CDN serves
 * it as its 404 page). In the app the header's `返回` goes back or closes the WebView; in a browser
 * `返回首页` leads home (and the header's back does when there is no history).
 */
export function NotFoundPage() {
  const inApp = useInApp()
  return (
    <PageShell>
      <section className={styles.root}>
        <p className={styles.message}>您访问的页面不存在或已被移除</p>
        {!inApp && (
          // A button by contract (docs/contracts/ui-text.md); it navigates like a link.
          <button type="button" className={styles.button} onClick={() => window.location.assign(HOME_PATH)}>
            返回首页
          </button>
        )}
      </section>
    </PageShell>
  )
}
