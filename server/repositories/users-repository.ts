import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A user of the app, identified by the bearer token the host app puts in the user agent. */
export interface User {
  id: number
  token: string
  nickName: string
  avatar: string
  /** A member now: permanent, or the membership has not expired. */
  isVip: boolean
  inviterCode: string
}

interface UserRow {
  id: number
  token: string
  nick_name: string
  avatar: string
  /** Computed by {@link USER_COLUMNS}, not stored. */
  is_vip: boolean
  inviter_code: string
}

/** The users columns with `is_vip` computed from the stored membership (vip_permanent, vip_expire_at). */
const USER_COLUMNS = `id, token, nick_name, avatar, inviter_code,
  (vip_permanent OR COALESCE(vip_expire_at > now(), false)) AS is_vip`

const toUser = (row: UserRow): User => ({
  id: row.id,
  token: row.token,
  nickName: row.nick_name,
  avatar: row.avatar,
  isVip: row.is_vip,
  inviterCode: row.inviter_code,
})

/** The user owning `token`, or null. */
export async function findUserByToken(q: Queryable, token: string): Promise<User | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE token = $1`, [token])
  return row ? toUser(row) : null
}

/** The user with `id`, or null. */
export async function findUserById(q: Queryable, id: number): Promise<User | null> {
  const [row] = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id])
  return row ? toUser(row) : null
}

/** A user as the seed writes it: the membership as stored (see membership-repository). */
export interface SeedUser extends Omit<User, 'isVip'> {
  vipPermanent: boolean
  /** End of the membership; null = not a member. */
  vipExpireAt: Date | null
}

/** Inserts users with their fixed ids, or restores every field of existing ones (seed). */
export async function upsertUsers(q: Queryable, users: readonly SeedUser[]): Promise<void> {
  const rows = users.map((u) => ({
    id: u.id,
    token: u.token,
    nick_name: u.nickName,
    avatar: u.avatar,
    inviter_code: u.inviterCode,
    vip_permanent: u.vipPermanent,
    vip_expire_at: u.vipExpireAt?.toISOString() ?? null,
  }))
  await insertRows(q, 'users', rows, upsertOn('id', rows[0] ?? {}))
}
