import { ErrorView } from '@shared/components/error-view'
import { formatSize } from '@shared/format'
import { usedPercent, type CapacityView } from './space-data'
import type { LoadState } from '@shared/hooks/use-load'
import styles from './space-upgrade.module.css'

/** Props of {@link CapacityCard}. */
export interface CapacityCardProps {
  state: LoadState<CapacityView>
  onRetry: () => void
}

/** The user's storage: `已用 {used} / 共 {total}` over a progress bar, or its own error view. */
export function CapacityCard({ state, onRetry }: CapacityCardProps) {
  return (
    <section className={styles.card} aria-labelledby="capacity-title">
      <h2 id="capacity-title" className={styles.cardTitle}>
        我的空间
      </h2>
      {state.status === 'loading' && <div className={`${styles.skeleton} ${styles.capacitySkeleton}`} role="status" aria-label="加载中" />}
      {state.status === 'failed' && (
        <div className={styles.errorSlot}>
          <ErrorView message={state.msg} onRetry={onRetry} final={state.final} />
        </div>
      )}
      {state.status === 'loaded' && <CapacityBar capacity={state.data} />}
    </section>
  )
}

function CapacityBar({ capacity }: { capacity: CapacityView }) {
  const text = `已用 ${formatSize(capacity.used)} / 共 ${formatSize(capacity.total)}`
  const percent = usedPercent(capacity)
  return (
    <>
      <p className={styles.capacityText}>{text}</p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="空间使用情况"
        aria-valuemin={0}
        aria-valuemax={capacity.total}
        // Over-full storage still reports a value inside the range; the text says the real figure.
        aria-valuenow={Math.min(capacity.used, capacity.total)}
        aria-valuetext={text}
        data-full={percent >= 90 || undefined}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </>
  )
}
