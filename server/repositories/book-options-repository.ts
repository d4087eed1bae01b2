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

/** The create form's choices (`GET /v1/bookCreation/options`), in display order, read in one statement (one snapshot). */
export async function listCreationOptions(
  q: Queryable,
): Promise<{ categories: { id: number; name: string }[]; ages: string[]; tags: string[] }> {
  const [row] = await q.query<{ categories: { id: number; name: string }[]; ages: string[]; tags: string[] }>(
    `SELECT
       coalesce((SELECT json_agg(json_build_object('id', id, 'name', name) ORDER BY position, id) FROM categories), '[]') AS categories,
       coalesce((SELECT json_agg(value ORDER BY position, value) FROM book_options WHERE kind = 'age'), '[]') AS ages,
       coalesce((SELECT json_agg(value ORDER BY position, value) FROM book_options WHERE kind = 'tag'), '[]') AS tags`,
  )
  return row!
}
