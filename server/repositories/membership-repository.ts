import type { Queryable } from '../db/db'
import type { Membership } from '../services/membership'

interface MembershipRow {
  vip_permanent: boolean
  vip_expire_at: Date | string | null
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value))

/** The stored membership of a user (columns of `users`), or null when there is no such user. */
export async function getMembership(q: Queryable, userId: number, lock = false): Promise<Membership | null> {
  const [row] = await q.query<MembershipRow>(`SELECT vip_permanent, vip_expire_at FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    userId,
  ])
  return row ? { permanent: row.vip_permanent, expireAt: toDate(row.vip_expire_at) } : null
}

/** Stores a user's membership. */
export async function setMembership(q: Queryable, userId: number, m: Membership): Promise<void> {
  await q.query('UPDATE users SET vip_permanent = $2, vip_expire_at = $3 WHERE id = $1', [
    userId,
    m.permanent,
    m.expireAt?.toISOString() ?? null,
  ])
}
