/**
 * The page's load cycle as a discriminated union (docs/style.md 5), React-free. Plans and membership load
 * together; the membership shown before they arrive is the user-agent guess (never `您还不是会员` for a
 * member); after a purchase the membership alone is reloaded.
 */
import type { ApiResult } from '@shared/http/envelope'
import { messageOr } from '@shared/http/message-or'
import { MSG_LOAD_FAILED, toMembership, toPlans, type Membership, type Plan } from './vip-data'

export type VipSaleState =
  /** `guess` null = not known yet (the prerendered frame, before the user agent is read). */
  | { status: 'loading'; guess: Membership | null }
  | { status: 'failed'; msg: string; guess: Membership | null }
  | { status: 'loaded'; plans: Plan[]; membership: Membership; selectedId: number | null }

export type VipSaleEvent =
  | { type: 'guessed'; membership: Membership }
  | { type: 'retry' }
  | { type: 'loaded'; plans: Plan[]; membership: Membership | null }
  | { type: 'failed'; msg: string }
  | { type: 'select'; planId: number }
  | { type: 'membershipReloaded'; membership: Membership }

export const initialState: VipSaleState = { status: 'loading', guess: null }

/** The selection kept over a reload when that plan is still on sale, else the first plan. */
function keepSelection(plans: Plan[], selectedId: number | null): number | null {
  if (selectedId !== null && plans.some((p) => p.id === selectedId)) return selectedId
  return plans[0]?.id ?? null
}

export function vipSaleReducer(state: VipSaleState, event: VipSaleEvent): VipSaleState {
  switch (event.type) {
    case 'guessed':
      return state.status === 'loaded' || state.guess !== null ? state : { ...state, guess: event.membership }
    case 'retry':
      return state.status === 'failed' ? { status: 'loading', guess: state.guess } : state
    case 'loaded': {
      const guess = state.status === 'loaded' ? state.membership : state.guess
      // An unreadable membership, or nothing to offer someone who could buy, is a failed load (with 重试).
      if (event.membership === null || (event.plans.length === 0 && event.membership.kind !== 'permanent')) {
        return { status: 'failed', msg: MSG_LOAD_FAILED, guess }
      }
      const selectedId = keepSelection(event.plans, state.status === 'loaded' ? state.selectedId : null)
      return { status: 'loaded', plans: event.plans, membership: event.membership, selectedId }
    }
    case 'failed':
      // A failure that arrives after a successful load (a stale request) keeps the page as it is.
      if (state.status === 'loaded') return state
      return { status: 'failed', msg: messageOr(event.msg.trim(), MSG_LOAD_FAILED), guess: state.guess }
    case 'select':
      if (state.status !== 'loaded' || !state.plans.some((p) => p.id === event.planId)) return state
      return { ...state, selectedId: event.planId }
    case 'membershipReloaded':
      return state.status === 'loaded' ? { ...state, membership: event.membership } : state
  }
}

/** The membership the status card shows, or null for a placeholder. */
export function shownMembership(state: VipSaleState): Membership | null {
  return state.status === 'loaded' ? state.membership : state.guess
}

/**
 * The state the page starts from when the HTML's early requests already brought both replies: as if
 * its own load had answered with them (use-vip-sale.ts); null unless both are successes.
 */
export function arrivedVipState(goods: ApiResult<unknown> | null, info: ApiResult<unknown> | null): VipSaleState | null {
  if (!goods?.success || !info?.success) return null
  return vipSaleReducer(initialState, { type: 'loaded', plans: toPlans(goods.data), membership: toMembership(info.data) })
}
