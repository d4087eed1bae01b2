import { buyGoods } from '@shared/bridge'
import { toast } from '@shared/components/toast'

/**
 * Buys a membership plan through the app's store; the host sends `visibleChange { result: true }`
 * when it closes, and the page asks vipInfo again. An app too old to have the call gets a toast.
 */
export function buyPlan(goodsId: number): void {
  if (!buyGoods({ goodsId })) toast('请升级App到最新版本')
}
