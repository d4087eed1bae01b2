import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A user of the app, identified by the bearer token the host app puts in the user agent. */
export interface User {
  id: number
  token: string
  nickName: string
  avatar: string
  isVip: boolean
  inviterCode: string
}

interface UserRow {
  id: number
  token: string
  nick_name: string
  avatar: string
  is_vip: boolean
  inviter_code: string
}

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
  const [row] = await q.query<UserRow>('SELECT * FROM users WHERE token = $1', [token])
  return row ? toUser(row) : null
}

/** The user with `id`, or null. */
export async function findUserById(q: Queryable, id: number): Promise<User | null> {
  const [row] = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])
  return row ? toUser(row) : null
}

/** Inserts users with their fixed ids, or restores every field of existing ones (seed). */
export async function upsertUsers(q: Queryable, users: readonly User[]): Promise<void> {
  const rows = users.map((u) => ({
    id: u.id, token: u.token, nick_name: u.nickName, avatar: u.avatar, is_vip: u.isVip, inviter_code: u.inviterCode,
  }))
  await insertRows(q, 'users', rows, upsertOn('id', rows[0] ?? {}))
}
