import { PageShell } from '@shared/components/page-shell'
import type { LoadState } from '@shared/hooks/load-state'
import { CapacityCard } from './capacity-card'
import { GoodsCard } from './goods-card'
import { ShareRules } from './share-rules'
import type { CapacityView, GoodsRow } from './space-data'
import styles from './space-upgrade.module.css'

/** Props of {@link SpaceUpgradeView}. */
export interface SpaceUpgradeViewProps {
  capacity: LoadState<CapacityView>
  goods: LoadState<GoodsRow[]>
  onRetryCapacity: () => void
  onRetryGoods: () => void
  onBuy: (goodsId: number) => void
}

/**
 * What 空间扩容 shows for its two loads: the capacity, the goods and, once the goods have answered, the
 * share rules under them (never pushed down by the goods arriving: no layout shift). Drawn by the page
 * (space-upgrade-page.tsx) and, before React, by its HTML's head script (first-screen.tsx).
 */
export function SpaceUpgradeView({ capacity, goods, onRetryCapacity, onRetryGoods, onBuy }: SpaceUpgradeViewProps) {
  return (
    <PageShell>
      <div className={styles.page}>
        <CapacityCard state={capacity} onRetry={onRetryCapacity} />
        <GoodsCard state={goods} onRetry={onRetryGoods} onBuy={onBuy} />
        {goods.status !== 'loading' && <ShareRules />}
      </div>
    </PageShell>
  )
}
