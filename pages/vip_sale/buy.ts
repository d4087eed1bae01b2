import { buyGoods, MSG_UPGRADE_APP } from '@shared/bridge'
import { toast } from '@shared/components/toast'

/**
 * Buys a membership plan through the app's store; the host sends `visibleChange { result: true }`
 * when it closes, and the page asks vipInfo again. An app too old to have the call gets a toast.
 */
export function buyPlan(goodsId: number): void {
  if (!buyGoods({ goodsId })) toast(MSG_UPGRADE_APP)
}
