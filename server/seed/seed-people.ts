import type { Queryable } from '../db/db'
import { setTotalsMb } from '../repositories/capacities-repository'
import { deleteClaimsOf } from '../repositories/claims-repository'
import { upsertUsers } from '../repositories/users-repository'
import { endOfChinaDay } from '../services/membership'
import { DEMO_CAPACITY_MB, DEMO_USERS } from './demo'

const DAY_MS = 86_400_000

/** The demo users (their memberships counted from `now`), their storage, and no claims yet. */
export async function seedPeople(q: Queryable, now = new Date()): Promise<void> {
  const users = Object.values(DEMO_USERS)
  await upsertUsers(
    q,
    users.map(({ vipDays, ...user }) => ({
      ...user,
      vipExpireAt: vipDays === null ? null : endOfChinaDay(new Date(now.getTime() + vipDays * DAY_MS)),
    })),
  )
  await setTotalsMb(q, [
    { userId: DEMO_USERS.vip.id, totalMb: DEMO_CAPACITY_MB.vip },
    { userId: DEMO_USERS.basic.id, totalMb: DEMO_CAPACITY_MB.basic },
    { userId: DEMO_USERS.permanent.id, totalMb: DEMO_CAPACITY_MB.permanent },
    { userId: DEMO_USERS.trial.id, totalMb: DEMO_CAPACITY_MB.trial },
  ])
  await deleteClaimsOf(
    q,
    users.map((u) => u.id),
  )
}
