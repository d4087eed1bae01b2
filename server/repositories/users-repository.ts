import { randomBytes } from 'node:crypto'
import { insertRows, upsertOn } from '../db/bulk'
import type { Db, Queryable } from '../db/db'

/**
 * A user of the app: known by a signed token's subject (production sign-in), or by the fixed token of a
 * demo user (the demo only).
 */
export interface User {
  id: number
  /** The demo user's fixed token; null for a user of the sign-in. */
  token: string | null
  nickName: string
  avatar: string
  /** A member now: permanent, or the membership has not expired. */
  isVip: boolean
  inviterCode: string
}

interface UserRow {
  id: number
  token: string | null
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

/**
 * Storage a user of the sign-in starts with, in MB (a basic user's, as the demo's 乐乐爸爸 has): written
 * into their capacity row on first sight; from then on the database says, never the token.
 */
export const NEW_USER_CAPACITY_MB = 1024

/** A code others see on the user's shares (`userInviter.inviterCode`): 10 letters and digits. */
const newInviterCode = () => Array.from(randomBytes(10), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('')

/**
 * The user of a verified token's `subject`, created on first sight with an empty space: no folders, a
 * capacity of {@link NEW_USER_CAPACITY_MB}, no membership. Concurrent first requests of one subject
 * make one user (the unique subject decides).
 */
export async function findOrCreateUserBySubject(db: Db, subject: string): Promise<User> {
  const [known] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE subject = $1`, [subject])
  if (known) return toUser(known)
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO users (subject, nick_name, inviter_code) VALUES ($1, '', $2)
       ON CONFLICT (subject) DO NOTHING RETURNING id`,
      [subject, newInviterCode()],
    )
    if (created) {
      await tx.query('INSERT INTO capacities (user_id, total_mb) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
        created.id,
        NEW_USER_CAPACITY_MB,
      ])
    }
    const [row] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE subject = $1`, [subject])
    return toUser(row!)
  })
}

/** Whether any demo user (a fixed token) is in the database: a production start refuses such a database. */
export async function hasTokenUsers(q: Queryable): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users WHERE token IS NOT NULL LIMIT 1')
  return rows.length > 0
}

/** A user as the seed writes it: the membership as stored (see membership-repository). */
export interface SeedUser extends Omit<User, 'isVip' | 'token'> {
  token: string
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
