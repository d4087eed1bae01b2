import type { Outcome } from './import-machine'
import styles from './self-service-baidu.module.css'

/**
 * A job that ended short: `{n}个文件导入失败` with each file's name (and why), then the way back to
 * the list; a failed job can also start over.
 */
export function ImportResult({ outcome, onBack, onRestart }: { outcome: Outcome; onBack: () => void; onRestart: () => void }) {
  const { failed, kind } = outcome
  const heading = kind === 'failed' && failed.length === 0 ? '导入失败' : `${failed.length}个文件导入失败`
  return (
    <section className={styles.result} aria-labelledby="import-result-title">
      <h2 id="import-result-title" className={styles.resultTitle}>
        {heading}
      </h2>
      {outcome.createdIds.length > 0 && <p className={styles.resultNote}>已导入{outcome.createdIds.length}项</p>}
      {failed.length > 0 && (
        <ul className={styles.failedList} aria-label="导入失败的文件">
          {failed.map((f, i) => (
            <li key={i} className={styles.failedItem}>
              <span className={styles.failedName}>{f.name || '未命名文件'}</span>
              {f.msg && <span className={styles.failedMsg}>{f.msg}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.resultActions}>
        {kind === 'failed' && (
          <button type="button" className={styles.secondary} onClick={onRestart}>
            重新选择
          </button>
        )}
        <button type="button" className={styles.primary} onClick={onBack}>
          返回列表
        </button>
      </div>
    </section>
  )
}
