import { ErrorView } from '@shared/components/error-view'
import styles from './self-service-baidu.module.css'

/** The running job: a bar named `导入进度` and `正在导入 {done}/{total}`; a lost connection waits for `重试`. */
export function ImportProgress({
  done,
  total,
  stalled,
  onRetry,
}: {
  done: number
  total: number
  stalled: string | null
  onRetry: () => void
}) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0
  return (
    <section className={styles.progress}>
      <div className={styles.track} role="progressbar" aria-label="导入进度" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>
        正在导入 {done}/{total}
      </p>
      {stalled !== null && <ErrorView message={stalled} onRetry={onRetry} />}
    </section>
  )
}
