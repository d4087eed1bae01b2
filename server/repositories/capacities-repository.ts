import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** The storage granted to `userId` in MB (0 when the user has no capacity row). */
export async function getTotalMb(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ total: number }>('SELECT total_mb::float8 AS total FROM capacities WHERE user_id = $1', [userId])
  return row?.total ?? 0
}

/** Adds `mb` to the user's total (creating the row if needed) and returns the new total. */
export async function addToTotalMb(q: Queryable, userId: number, mb: number): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    `INSERT INTO capacities (user_id, total_mb) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET total_mb = capacities.total_mb + EXCLUDED.total_mb
     RETURNING total_mb::float8 AS total`,
    [userId, mb],
  )
  return row!.total
}

/** Sets users' totals (seed). */
export async function setTotalsMb(q: Queryable, totals: readonly { userId: number; totalMb: number }[]): Promise<void> {
  const rows = totals.map((t) => ({ user_id: t.userId, total_mb: t.totalMb }))
  await insertRows(q, 'capacities', rows, upsertOn('user_id', rows[0] ?? {}))
}

/**
 * Locks the user's capacity row until the transaction ends, so two checks of the remaining space
 * (cloud-drive imports) run one after the other on PostgreSQL. No-op when the user has no row.
 */
export async function lockCapacity(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT user_id FROM capacities WHERE user_id = $1 FOR UPDATE', [userId])
}
