import type { Queryable } from '../db/db'

/**
 * Records that `userId` claimed `activity`. Returns false, changing nothing, when the user
 * already had: the primary key decides, so concurrent claims cannot both succeed.
 */
export async function insertClaim(q: Queryable, userId: number, activity: string, grantedMb: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO claims (user_id, activity, granted_mb) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, activity) DO NOTHING
     RETURNING user_id`,
    [userId, activity, grantedMb],
  )
  return rows.length === 1
}

/** Forgets the claims of these users (seed: the demo users start unclaimed). */
export async function deleteClaimsOf(q: Queryable, userIds: readonly number[]): Promise<void> {
  await q.query('DELETE FROM claims WHERE user_id = ANY($1::int[])', [userIds])
}

/** True when `userId` has claimed `activity`. */
export async function hasClaim(q: Queryable, userId: number, activity: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM claims WHERE user_id = $1 AND activity = $2', [userId, activity])
  return rows.length > 0
}
