import { listUrl } from '@shared/book-folder'
import { closeWebview } from '@shared/bridge'
import styles from './self-service-baidu.module.css'

/** Back one page, else close the WebView, else the folder index: never a button that does nothing. */
function leave(): void {
  if (history.length > 1) history.back()
  else if (!closeWebview()) location.replace(listUrl(0))
}

/** A link without a usable target (no albumId/parentId, both, or not a number): says so and offers the way back. */
export function BadLink() {
  return (
    <section className={styles.result}>
      <h2 className={styles.resultTitle}>链接参数有误</h2>
      <p className={styles.resultNote}>请返回上一页，重新选择导入位置</p>
      <div className={styles.resultActions}>
        <button type="button" className={styles.primary} onClick={leave}>
          返回上一页
        </button>
      </div>
    </section>
  )
}
