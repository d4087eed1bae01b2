import { ErrorView } from '@shared/components/error-view'
import { PageShell } from '@shared/components/page-shell'
import { Benefits } from './benefits'
import { PlanList } from './plan-list'
import { StatusCard } from './status-card'
import { buyLabel } from './vip-data'
import { shownMembership, type VipSaleState } from './vip-sale-state'
import styles from './vip-sale.module.css'

/** Props of {@link VipSaleView}. */
export interface VipSaleViewProps {
  state: VipSaleState
  onRetry: () => void
  onSelect: (planId: number) => void
  onBuy: (planId: number) => void
}

/**
 * What 开通会员 shows for its state: the membership, the plans (none for a permanent member), the
 * benefits, and the buy bar once loaded. Drawn by the page (vip-sale-page.tsx) and, before React, by its
 * HTML's head script (first-screen.tsx).
 */
export function VipSaleView({ state, onRetry, onSelect, onBuy }: VipSaleViewProps) {
  const membership = shownMembership(state)
  const label = state.status === 'loaded' ? buyLabel(state.membership) : null
  const selectedId = state.status === 'loaded' ? state.selectedId : null
  // A permanent member has nothing left to buy: no plans to choose, no buy button.
  const showPlans = state.status !== 'loaded' || state.membership.kind !== 'permanent'

  return (
    <PageShell narrow>
      <div className={styles.page}>
        {state.status !== 'failed' && <StatusCard membership={membership} />}
        {showPlans && (
          <section className={styles.card} aria-labelledby="plans-title">
            <h2 id="plans-title" className={styles.cardTitle}>
              会员方案
            </h2>
            {state.status === 'loading' && <div className={styles.skeleton} role="status" aria-label="加载中" />}
            {state.status === 'failed' && <ErrorView message={state.msg} onRetry={onRetry} />}
            {state.status === 'loaded' && <PlanList plans={state.plans} selectedId={selectedId} onSelect={onSelect} />}
          </section>
        )}
        <Benefits />
      </div>
      {label !== null && selectedId !== null && (
        <div className={styles.buyBar}>
          <button type="button" className={styles.buyButton} onClick={() => onBuy(selectedId)}>
            {label}
          </button>
        </div>
      )}
    </PageShell>
  )
}
