import { Component, type ReactNode } from 'react'
import { recordProblem } from '@shared/telemetry/early'
import { describeError, isChunkLoadError } from './is-chunk-load-error'
import view from '../error-view/error-view.module.css'
import styles from './error-boundary.module.css'

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children?: ReactNode
  /** Called when the user taps `重试`, before the children render again. */
  onReset?: () => void
}

// `failed` is separate from `error` because anything can be thrown, including null.
type State = { failed: false } | { failed: true; error: unknown }

/**
 * Catches render errors below it and shows `出错了` with the details, never a white screen.
 * A failed chunk or CSS load offers `重新加载` (a reload fetches the new files); anything else `重试`.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  // No class fields: for the build's Safari 14 target they compile to helpers every page would load.
  constructor(props: ErrorBoundaryProps) {
    super(props)
    this.state = { failed: false }
  }

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error }
  }

  // React itself logs the caught error (createRoot's onCaughtError); this records it for the field report
  // (docs/telemetry.md): a chunk that did not load, or a render error, either way the `出错了` a person sees.
  override componentDidCatch(error: unknown): void {
    const stack = (error as { stack?: unknown } | null)?.stack
    recordProblem({
      kind: isChunkLoadError(error) ? 'chunk' : 'boundary',
      message: describeError(error),
      frame: typeof stack === 'string' ? stack : undefined,
    })
  }

  private retry(): void {
    this.props.onReset?.()
    this.setState({ failed: false })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const { error } = this.state
    const chunk = isChunkLoadError(error)
    return (
      <section className={view.root}>
        <h2 className={styles.title}>出错了</h2>
        <details className={styles.details}>
          <summary className={styles.summary}>查看详情</summary>
          <pre className={styles.message}>{describeError(error)}</pre>
        </details>
        {chunk ? (
          <button type="button" className={view.button} onClick={() => window.location.reload()}>
            重新加载
          </button>
        ) : (
          <button type="button" className={view.button} onClick={() => this.retry()}>
            重试
          </button>
        )}
      </section>
    )
  }
}
