import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getVipInfo } from '@shared/api/get-vip-info'
import { pageTree } from '@shared/app/page-tree'
import { defineFirstScreen, waitForReact } from '@shared/first-screen/define'
import page from './page'
import { arrivedVipState } from './vip-sale-state'
import { VipSaleView } from './vip-sale-view'

/**
 * The membership and the plans before React, once both replies are in (main.tsx mounts the same view
 * from the same replies: vip-sale-page.tsx, use-vip-sale.ts).
 */
export default defineFirstScreen(page, (_, arrived) => {
  const state = arrivedVipState(arrived(getGoodsVips.request()), arrived(getVipInfo.request()))
  if (!state) return null
  return pageTree(page, <VipSaleView state={state} onRetry={waitForReact} onSelect={waitForReact} onBuy={waitForReact} />)
})
