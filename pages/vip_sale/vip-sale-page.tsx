import { goBackOrClose } from '@shared/bridge'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageRestored } from '@shared/hooks/use-page-restored'
import { buyPlan } from './buy'
import { useVipSale } from './use-vip-sale'
import { VipSaleView } from './vip-sale-view'

/**
 * 开通会员 (/vip_sale): the user's membership, the plans (the first selected), the benefits, and
 * `立即开通` / `立即续费`, which buys the selected plan through the app's store. When the host shows the
 * page again after its store (`visibleChange` true) the membership is asked again; when the browser
 * restores it from its back-forward cache, both are, quietly.
 */
export function VipSalePage() {
  const { state, retry, select, reloadMembership, refresh } = useVipSale()
  useMarkReady(state.status === 'loaded')
  useNativeMessage('backClick', goBackOrClose)
  useNativeMessage('visibleChange', ({ data }) => {
    if (data.result) reloadMembership()
  })
  // Shown again from the browser's back-forward cache: the membership and plans as they are now.
  usePageRestored(refresh)
  return <VipSaleView state={state} onRetry={retry} onSelect={select} onBuy={buyPlan} />
}
