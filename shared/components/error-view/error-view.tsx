import styles from './error-view.module.css'

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  /** Default `加载失败`; an empty or missing server message falls back to it. */
  message?: string | null
  onRetry: () => void
}

/** A page's failed state: the message and a `重试` button. */
export function ErrorView({ message, onRetry }: ErrorViewProps) {
  const text = message == null || String(message).trim() === '' ? '加载失败' : String(message)
  return (
    <section className={styles.root}>
      <p className={styles.message}>{text}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        重试
      </button>
    </section>
  )
}
