import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import type { Capacity, SpaceGoods } from '@shared/api/types'
import { pageTree } from '@shared/app/page-tree'
import { defineFirstScreen, waitForReact } from '@shared/first-screen/define'
import { arrivedState } from '@shared/hooks/load-state'
import page from './page'
import { toCapacityView, toGoodsRows } from './space-data'
import { SpaceUpgradeView } from './space-upgrade-view'

/**
 * The capacity and the goods before React, each as soon as its reply is in (main.tsx mounts the same
 * view from the same replies: space-upgrade-page.tsx).
 */
export default defineFirstScreen(page, (_, arrived) => {
  const capacity = arrivedState(arrived<Capacity>(getMyCapacity.request()), toCapacityView)
  const goods = arrivedState(arrived<SpaceGoods[]>(getGoodsSpaces.request()), toGoodsRows)
  if (capacity.status === 'loading' && goods.status === 'loading') return null
  return pageTree(
    page,
    <SpaceUpgradeView capacity={capacity} goods={goods} onRetryCapacity={waitForReact} onRetryGoods={waitForReact} onBuy={waitForReact} />,
  )
})
