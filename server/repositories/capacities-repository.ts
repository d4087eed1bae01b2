import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'
import { UPLOAD_SIZE_MB_SQL } from './uploads-repository'

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

/**
 * Locks the user's capacity row until the transaction ends (lockCapacity) and returns the room left
 * in MB: the total − their books' sizes − their uploads that no book counts − the files their running
 * imports have still to add (uploads/capacity.ts). 0 without a capacity row. Two statements: on
 * PostgreSQL a statement that waited for the lock still reads what it sees from before the wait, so the
 * sums must come from a statement started once the lock is held.
 */
export async function lockRoomMb(q: Queryable, userId: number): Promise<number> {
  await lockCapacity(q, userId)
  const [row] = await q.query<{ room: number }>(`SELECT ${roomSql('$1')}::float8 AS room FROM capacities c WHERE c.user_id = $1`, [userId])
  return row ? Math.round(row.room * 100) / 100 : 0
}

/**
 * The room left (numeric MB) of the user `param` names, with `c` their capacities row: for a
 * statement that must check it itself, after lockCapacity (see lockRoomMb).
 */
export const roomSql = (param: string) => `(c.total_mb
  - (SELECT coalesce(sum(f.file_size_mb), 0) FROM folders f WHERE f.user_id = ${param})
  - (SELECT coalesce(sum(${UPLOAD_SIZE_MB_SQL}), 0) FROM uploads WHERE user_id = ${param} AND book_id IS NULL)
  - (SELECT coalesce(sum(i.size_mb), 0) FROM cloud_import_items i JOIN cloud_import_jobs j ON j.id = i.job_id
     WHERE j.user_id = ${param} AND j.status = 'running' AND i.status = 'pending'))`
