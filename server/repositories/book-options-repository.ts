import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/db'

/** Which list an option belongs to. */
export type BookOptionKind = 'age' | 'tag'

/** The values of one option list, in display order. */
export async function listBookOptions(q: Queryable, kind: BookOptionKind): Promise<string[]> {
  const rows = await q.query<{ value: string }>('SELECT value FROM book_options WHERE kind = $1 ORDER BY position, value', [kind])
  return rows.map((row) => row.value)
}

/** Replaces one option list with `values` (seed). */
export async function replaceBookOptions(q: Queryable, kind: BookOptionKind, values: readonly string[]): Promise<void> {
  await q.query('DELETE FROM book_options WHERE kind = $1', [kind])
  await insertRows(
    q,
    'book_options',
    values.map((value, position) => ({ kind, value, position })),
  )
}
