import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getVipInfo } from '@shared/api/get-vip-info'
import { toast } from '@shared/components/toast'
import { getEnv } from '@shared/env'
import { drawFromEarlyReplies } from '@shared/http/early-replies'
import { messageOr } from '@shared/http/message-or'
import { guessMembership, membershipChanged, MSG_LOAD_FAILED, toMembership, toPlans } from './vip-data'
import { arrivedVipState, initialState, vipSaleReducer, type VipSaleState } from './vip-sale-state'

/**
 * The first state: loaded from the HTML's early replies when both are in (taken then, as the head
 * script drew them), else from the replies kept from the last open (`fromKept`: asked again on mount, a
 * failure then keeps them on screen), else loading.
 */
function firstState(): { state: VipSaleState; fromKept: boolean } {
  const early = drawFromEarlyReplies([getGoodsVips.request(), getVipInfo.request()], ([goods, info]) =>
    arrivedVipState(goods ?? null, info ?? null),
  )
  return early ? { state: early.state, fromKept: early.kept } : { state: initialState, fromKept: false }
}

/** The toast after a purchase shows in the membership (docs/contracts/ui-text.md). */
export const MSG_BOUGHT = '开通成功'

/**
 * The page's data: plans and membership loaded together on mount (`retry` after a failure), the
 * user-agent guess before they arrive, the selected plan, and `reloadMembership` for when the host
 * is back from its store. Only the latest load's answer is used, and none after unmount.
 */
export function useVipSale() {
  const [first] = useState(firstState)
  const [state, dispatch] = useReducer(vipSaleReducer, first.state)
  // Drawn from the early replies in the first render: nothing to ask for on mount (kept ones are asked again).
  const loadedAtOnce = useRef(first.state.status !== 'loading' && !first.fromKept)
  const current = useRef(state)
  useLayoutEffect(() => {
    current.current = state
  })
  const latest = useRef({ id: 0 })

  // Before the first paint, not during render: the prerendered frame stays neutral (no user agent at
  // build time), and a member never sees `您还不是会员`.
  useLayoutEffect(() => {
    dispatch({ type: 'guessed', membership: guessMembership(getEnv()) })
  }, [])

  const load = useCallback(() => {
    const id = ++latest.current.id
    void Promise.all([getGoodsVips(), getVipInfo()]).then(([goods, info]) => {
      if (id !== latest.current.id) return
      const failure = !goods.success ? goods : !info.success ? info : null
      if (failure) dispatch({ type: 'failed', msg: failure.msg })
      else dispatch({ type: 'loaded', plans: toPlans(goods.data), membership: toMembership(info.data) })
    })
  }, [])

  useEffect(() => {
    const counter = latest.current
    if (!loadedAtOnce.current) load()
    return () => void ++counter.id
  }, [load])

  const retry = useCallback(() => {
    dispatch({ type: 'retry' })
    load()
  }, [load])

  /** Asks vipInfo again (the page is visible again, maybe after a purchase); `开通成功` when it changed. */
  const reloadMembership = useCallback(() => {
    if (current.current.status === 'failed') return retry()
    if (current.current.status !== 'loaded') return undefined
    const counter = latest.current
    const id = counter.id
    return void getVipInfo().then((result) => {
      if (id !== counter.id) return
      const membership = result.success ? toMembership(result.data) : null
      if (!membership) {
        toast(messageOr(result.msg.trim(), MSG_LOAD_FAILED))
        return
      }
      const shown = current.current
      if (shown.status !== 'loaded') return
      dispatch({ type: 'membershipReloaded', membership })
      if (membershipChanged(shown.membership, membership)) toast(MSG_BOUGHT)
    })
  }, [retry])

  /**
   * Plans and membership again, quietly (the page was restored from the back-forward cache): what is on
   * screen stays until they answer, the selected plan too while it is on sale; a failure keeps it.
   */
  const refresh = useCallback(() => (current.current.status === 'failed' ? retry() : load()), [retry, load])

  const select = useCallback((planId: number) => dispatch({ type: 'select', planId }), [])

  return { state, retry, select, reloadMembership, refresh }
}
