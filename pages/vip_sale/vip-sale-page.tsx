import { goBackOrClose } from '@shared/bridge'
import { ErrorView } from '@shared/components/error-view'
import { PageShell } from '@shared/components/page-shell'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { Benefits } from './benefits'
import { buyPlan } from './buy'
import { PlanList } from './plan-list'
import { StatusCard } from './status-card'
import { useVipSale } from './use-vip-sale'
import { buyLabel } from './vip-data'
import { shownMembership } from './vip-sale-state'
import styles from './vip-sale.module.css'

/**
 * 开通会员 (/vip_sale): the user's membership, the plans (the first selected), the benefits, and
 * `立即开通` / `立即续费`, which buys the selected plan through the app's store. When the host shows the
 * page again after its store (`visibleChange` true) the membership is asked again.
 */
export function VipSalePage() {
  const { state, retry, select, reloadMembership } = useVipSale()
  useNativeMessage('backClick', goBackOrClose)
  useNativeMessage('visibleChange', ({ data }) => {
    if (data.result) reloadMembership()
  })

  const membership = shownMembership(state)
  const label = state.status === 'loaded' ? buyLabel(state.membership) : null
  const selectedId = state.status === 'loaded' ? state.selectedId : null
  // A permanent member has nothing left to buy: no plans to choose, no buy button.
  const showPlans = state.status !== 'loaded' || state.membership.kind !== 'permanent'

  return (
    <PageShell title="开通会员" narrow>
      <div className={styles.page} data-has-bar={label !== null || undefined}>
        {state.status !== 'failed' && <StatusCard membership={membership} />}
        {showPlans && (
          <section className={styles.card} aria-labelledby="plans-title">
            <h2 id="plans-title" className={styles.cardTitle}>
              会员方案
            </h2>
            {state.status === 'loading' && <div className={styles.skeleton} role="status" aria-label="加载中" />}
            {state.status === 'failed' && <ErrorView message={state.msg} onRetry={retry} />}
            {state.status === 'loaded' && <PlanList plans={state.plans} selectedId={selectedId} onSelect={select} />}
          </section>
        )}
        <Benefits />
      </div>
      {label !== null && selectedId !== null && (
        <div className={styles.buyBar}>
          <button type="button" className={styles.buyButton} onClick={() => buyPlan(selectedId)}>
            {label}
          </button>
        </div>
      )}
    </PageShell>
  )
}
