import { buyGoods, isInApp, MSG_UPGRADE_APP } from '@shared/bridge'
import { toast } from '@shared/components/toast'

/**
 * Buys a capacity good: the app's store in the app (a `visibleChange` follows when it closes),
 * otherwise a toast sends the visitor to the app (docs/decisions.md, "Buying").
 */
export function buySpace(goodsId: number): void {
  if (!isInApp()) {
    toast('请在App内购买')
    return
  }
  // An app too old to have the store call cannot buy here either.
  if (!buyGoods({ goodsId })) toast(MSG_UPGRADE_APP)
}
