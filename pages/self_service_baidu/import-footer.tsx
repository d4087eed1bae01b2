import styles from './self-service-baidu.module.css'

/** The bottom bar: how many entries are picked, and `导入` (disabled with none, or while it is being sent). */
export function ImportFooter({ count, busy, onImport }: { count: number; busy: boolean; onImport: () => void }) {
  return (
    <footer className={styles.footer}>
      <span className={styles.footerCount} aria-live="polite">
        已选{count}项
      </span>
      <button type="button" className={styles.primary} disabled={count === 0 || busy} onClick={onImport}>
        导入
      </button>
    </footer>
  )
}
