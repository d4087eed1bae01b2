import { goBackOrClose } from '@shared/bridge/navigation'
import styles from './error-view.module.css'

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  /** Default `加载失败`; an empty or missing server message falls back to it. */
  message?: string | null
  onRetry: () => void
  /**
   * The failure cannot pass by asking again (a 404 or 403, a malformed link: docs/decisions.md "Errors
   * that cannot pass are final"): `返回` (back, else close the WebView) instead of `重试`.
   */
  final?: boolean
}

/** A page's failed state: the message and a `重试` button, or `返回` when no retry can help. */
export function ErrorView({ message, onRetry, final = false }: ErrorViewProps) {
  const text = message == null || String(message).trim() === '' ? '加载失败' : String(message)
  return (
    <section className={styles.root}>
      <p className={styles.message}>{text}</p>
      <button type="button" className={styles.button} onClick={final ? goBackOrClose : onRetry}>
        {final ? '返回' : '重试'}
      </button>
    </section>
  )
}
