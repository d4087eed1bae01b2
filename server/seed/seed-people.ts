import type { Queryable } from '../db/db'
import { setTotalsMb } from '../repositories/capacities-repository'
import { deleteClaimsOf } from '../repositories/claims-repository'
import { upsertUsers } from '../repositories/users-repository'
import { DEMO_CAPACITY_MB, DEMO_USERS } from './demo'

/** The two demo users, their storage, and no claims yet. */
export async function seedPeople(q: Queryable): Promise<void> {
  await upsertUsers(q, [DEMO_USERS.vip, DEMO_USERS.basic])
  await setTotalsMb(q, [
    { userId: DEMO_USERS.vip.id, totalMb: DEMO_CAPACITY_MB.vip },
    { userId: DEMO_USERS.basic.id, totalMb: DEMO_CAPACITY_MB.basic },
  ])
  await deleteClaimsOf(q, [DEMO_USERS.vip.id, DEMO_USERS.basic.id])
}
