import type { Queryable } from '../db/db'
import type { CloudGrant, CloudTokens } from '../cloud-drive/provider'

interface GrantRow {
  userId: number
  provider: string
  accountName: string
  accessToken: string
  refreshToken: string
  expiresAt: Date | string
}

const GRANT_COLUMNS = `user_id AS "userId", provider, account_name AS "accountName", access_token AS "accessToken",
       refresh_token AS "refreshToken", expires_at AS "expiresAt"`

/** The user's cloud-drive grant, expired or not, or null when they never granted one. */
export async function findGrant(q: Queryable, userId: number): Promise<CloudGrant | null> {
  const [row] = await q.query<GrantRow>(`SELECT ${GRANT_COLUMNS} FROM cloud_drive_grants WHERE user_id = $1`, [userId])
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null
}

/** The user's grant, its row locked until the transaction `tx` ends (a renewal: one at a time). */
export async function lockGrant(tx: Queryable, userId: number): Promise<CloudGrant | null> {
  const [row] = await tx.query<GrantRow>(`SELECT ${GRANT_COLUMNS} FROM cloud_drive_grants WHERE user_id = $1 FOR UPDATE`, [userId])
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null
}

/** Replaces the grant's token pair (a refresh); `refreshToken` '' = the drive refused it, none to try again. */
export async function saveTokens(q: Queryable, userId: number, tokens: CloudTokens): Promise<void> {
  await q.query(`UPDATE cloud_drive_grants SET access_token = $2, refresh_token = $3, expires_at = $4 WHERE user_id = $1`, [
    userId,
    tokens.accessToken,
    tokens.refreshToken,
    tokens.expiresAt.toISOString(),
  ])
}

/** Stores (or replaces) the user's grant. */
export async function saveGrant(q: Queryable, grant: CloudGrant): Promise<void> {
  await q.query(
    `INSERT INTO cloud_drive_grants (user_id, provider, account_name, access_token, refresh_token, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, account_name = EXCLUDED.account_name,
       access_token = EXCLUDED.access_token, refresh_token = EXCLUDED.refresh_token,
       expires_at = EXCLUDED.expires_at, granted_at = now()`,
    [grant.userId, grant.provider, grant.accountName, grant.accessToken, grant.refreshToken, grant.expiresAt.toISOString()],
  )
}

/** Makes the user's grant expire now; false when there is none. */
export async function expireGrant(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE cloud_drive_grants SET expires_at = now() - interval '1 second' WHERE user_id = $1 RETURNING user_id`,
    [userId],
  )
  return rows.length === 1
}

/** Removes the user's grant (back to "not authorized"). */
export async function deleteGrant(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM cloud_drive_grants WHERE user_id = $1', [userId])
}
