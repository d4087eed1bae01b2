import { useRef } from 'react'
import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { goBackOrClose } from '@shared/bridge'
import { toast } from '@shared/components/toast'
import { formatSize } from '@shared/format'
import { takeArrived, takeKeptGet } from '@shared/http'
import { useLoad } from '@shared/hooks/use-load'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageRestored } from '@shared/hooks/use-page-restored'
import { buySpace } from './buy'
import { toCapacityView, toGoodsRows } from './space-data'
import { SpaceUpgradeView } from './space-upgrade-view'

// Mounted only in the app (main.tsx wraps the page in InAppOnly): the calls always go out, because the
// host's token may still be on its way in a `userInfo` message.
const loadCapacity = () => getMyCapacity()
const loadGoods = () => getGoodsSpaces()
const keptOf = <T,>(request: { path: string; params?: Record<string, unknown> }) => takeKeptGet<T>(request.path, request.params)

/**
 * 空间扩容 (/space_upgrade): storage used, capacity goods to buy, and how sharing earns space.
 * The two requests load and fail independently, each with its own `重试`.
 */
export function SpaceUpgradePage() {
  // The total on screen when a purchase asked for a refresh: its answer says whether the space grew.
  const totalBefore = useRef<number | null>(null)
  // Replies the HTML's early requests already brought: drawn in the first render (as its head script drew them).
  const capacity = useLoad(loadCapacity, {
    parse: toCapacityView,
    arrived: () => takeArrived(getMyCapacity.request()),
    // Else the reply kept from the last open, asked again at once (the answer replaces it if it differs).
    kept: () => keptOf(getMyCapacity.request()),
    onLoaded: (view) => {
      const before = totalBefore.current
      totalBefore.current = null
      if (before !== null && view.total > before) toast(`扩容成功，总空间已增至${formatSize(view.total)}`)
    },
  })
  const goods = useLoad(loadGoods, {
    parse: toGoodsRows,
    arrived: () => takeArrived(getGoodsSpaces.request()),
    kept: () => keptOf(getGoodsSpaces.request()),
  })

  // Ready when both are on screen (the goods are what the page is for; a failure of either is not ready).
  useMarkReady(capacity.state.status === 'loaded' && goods.state.status === 'loaded')
  // Back from the host: previous page, or close the WebView (docs/spec/product-spec.md §2). The header's back does the same.
  useNativeMessage('backClick', goBackOrClose)
  // The host's store sends visibleChange when it closes: a purchase shows in the capacity at once, and a
  // toast says the space grew (a store closed without buying says nothing).
  useNativeMessage('visibleChange', ({ data }) => {
    if (!data.result) return
    if (capacity.state.status === 'failed') return capacity.retry()
    if (capacity.state.status === 'loaded') totalBefore.current = capacity.state.data.total
    // refresh() keeps what is on screen when it fails: nothing to handle here.
    void capacity.refresh()
  })

  // Shown again from the browser's back-forward cache: the capacity and the goods as they are now (a
  // purchase or an import elsewhere changed them), quietly, what is on screen staying until they answer.
  usePageRestored(() => {
    for (const part of [capacity, goods]) void (part.state.status === 'failed' ? part.retry() : part.refresh())
  })

  return (
    <SpaceUpgradeView
      capacity={capacity.state}
      goods={goods.state}
      onRetryCapacity={capacity.retry}
      onRetryGoods={goods.retry}
      onBuy={buySpace}
    />
  )
}
