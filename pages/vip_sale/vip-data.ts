/**
 * The membership-sale rules, React-free: what the plans and the membership from the API (or the
 * user-agent flags) mean for the page. Every server field is read defensively (docs/contracts/api.md:
 * any field may be null, missing or of the wrong type).
 */
import type { VipGoods, VipInfo } from '@shared/api/types'
import { formatMoney } from '@shared/format'
import { LOAD_FAILED } from '@shared/http/message-or'

/** What the status card says. `until` null = a member whose end date is not known (yet). */
export type Membership = { kind: 'none' } | { kind: 'member'; until: string | null } | { kind: 'permanent' }

/** A plan ready to show and buy. */
export interface Plan {
  id: number
  name: string
  /** `¥{money/100}`. */
  price: string
  /** `¥{originalMoney/100}` when higher than the price, else null (no struck-through price). */
  originalPrice: string | null
  /** '' = none. */
  tag: string
}

/** The message of a failed load when the server gives none (docs/contracts/ui-text.md). */
export const MSG_LOAD_FAILED = LOAD_FAILED

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** A name for a plan the server sent without one: from its length. */
function fallbackName(months: unknown): string {
  if (months === 0) return '永久会员'
  return isCount(months) && Number.isInteger(months) ? `${months}个月会员` : '会员'
}

/**
 * The plans of `goods/vips` that can be offered, in the server's order: an entry without an integer id
 * (the buy call needs one) or without a usable price (never show a price that is not the real one) is
 * left out; a missing name is made from the months; an original price that is missing, broken or not
 * higher than the price shows none.
 */
export function toPlans(data: unknown): Plan[] {
  if (!Array.isArray(data)) return []
  const plans: Plan[] = []
  const seen = new Set<number>()
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const goods = item as VipGoods
    if (typeof goods.id !== 'number' || !Number.isSafeInteger(goods.id) || seen.has(goods.id)) continue
    if (!isCount(goods.money)) continue
    seen.add(goods.id)
    const original = isCount(goods.originalMoney) && goods.originalMoney > goods.money ? goods.originalMoney : null
    plans.push({
      id: goods.id,
      name: text(goods.name) || fallbackName(goods.months),
      price: `¥${formatMoney(goods.money)}`,
      originalPrice: original === null ? null : `¥${formatMoney(original)}`,
      tag: text(goods.tag),
    })
  }
  return plans
}

/** `YYYY-MM-DD` of a contract time (`YYYY-MM-DDTHH:mm:ss`), or null when it is not one. */
export function dateOf(time: unknown): string | null {
  if (typeof time !== 'string') return null
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]|$)/.exec(time.trim())
  if (!match) return null
  const [, y, m, d] = match
  const month = Number(m)
  const day = Number(d)
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? `${y}-${m}-${d}` : null
}

/** The membership of `vipInfo`, or null when the reply is not an object (a failed load). */
export function toMembership(data: unknown): Membership | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null
  const info = data as VipInfo
  if (info.isPermanentVip === true) return { kind: 'permanent' }
  if (info.isVip === true) return { kind: 'member', until: dateOf(info.expireTime) }
  return { kind: 'none' }
}

/** The first guess from the user-agent flags (docs/contracts/user-agent.md), shown until vipInfo answers. */
export function guessMembership(flags: { isVip: boolean; isPermanentVip: boolean }): Membership {
  if (flags.isPermanentVip) return { kind: 'permanent' }
  return flags.isVip ? { kind: 'member', until: null } : { kind: 'none' }
}

/** The status card's text; null for a member whose end date is not known yet (the card shows a placeholder). */
export function statusText(m: Membership): string | null {
  switch (m.kind) {
    case 'none':
      return '您还不是会员'
    case 'member':
      return m.until === null ? null : `会员有效期至 ${m.until}`
    case 'permanent':
      return '您已是永久会员'
  }
}

/** The buy button's label; null = no button (a permanent member has nothing to buy). */
export function buyLabel(m: Membership): '立即开通' | '立即续费' | null {
  switch (m.kind) {
    case 'none':
      return '立即开通'
    case 'member':
      return '立即续费'
    case 'permanent':
      return null
  }
}

/** Whether a purchase shows: the membership after differs from the one before. */
export function membershipChanged(before: Membership, after: Membership): boolean {
  if (before.kind !== after.kind) return true
  return before.kind === 'member' && after.kind === 'member' && before.until !== after.until
}
