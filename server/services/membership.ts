/**
 * Membership rules: what a purchase of a plan does to a user's membership, and how it reads as the
 * contract's VipInfo. Pure functions; the repositories store the result.
 */
import { formatChinaTime } from '../http/text'

/** A user's stored membership. */
export interface Membership {
  permanent: boolean
  /** End of the membership; null = never a member. */
  expireAt: Date | null
}

/** Contract VipInfo. */
export interface VipInfo {
  isVip: boolean
  isPermanentVip: boolean
  /** `YYYY-MM-DDTHH:mm:ss` (China Standard Time) while a timed membership runs, else null. */
  expireTime: string | null
}

const CST_MS = 8 * 3600_000

/** The last second (23:59:59 China Standard Time) of the Chinese calendar day of `date`. */
export function endOfChinaDay(date: Date): Date {
  const local = new Date(date.getTime() + CST_MS)
  local.setUTCHours(23, 59, 59, 0)
  return new Date(local.getTime() - CST_MS)
}

/** `date` plus `months` calendar months in China Standard Time; Jan 31 + 1 month = the last day of February. */
export function addChinaMonths(date: Date, months: number): Date {
  const local = new Date(date.getTime() + CST_MS)
  const day = local.getUTCDate()
  local.setUTCDate(1)
  local.setUTCMonth(local.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate()
  local.setUTCDate(Math.min(day, lastDay))
  return new Date(local.getTime() - CST_MS)
}

/** Whether the membership is in force at `now`. */
export function isMember(m: Membership, now: Date): boolean {
  return m.permanent || (m.expireAt !== null && m.expireAt.getTime() > now.getTime())
}

/**
 * The membership after buying a plan of `months` (0 = permanent) at `now`: a permanent plan makes it
 * permanent; a timed plan runs from the current end when it is still running, else from now, to the
 * end of that day. A permanent membership stays as it is.
 */
export function afterPurchase(m: Membership, months: number, now: Date): Membership {
  if (m.permanent || months === 0) return { permanent: true, expireAt: null }
  const from = isMember(m, now) && m.expireAt ? m.expireAt : now
  return { permanent: false, expireAt: endOfChinaDay(addChinaMonths(from, months)) }
}

/** The contract's VipInfo of a membership at `now`. */
export function toVipInfo(m: Membership, now: Date): VipInfo {
  if (m.permanent) return { isVip: true, isPermanentVip: true, expireTime: null }
  const running = isMember(m, now)
  return { isVip: running, isPermanentVip: false, expireTime: running && m.expireAt ? formatChinaTime(m.expireAt) : null }
}
