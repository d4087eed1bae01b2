import type { Queryable } from './db'

/**
 * Inserts many rows in one statement (the seed writes ~100 rows; one round trip per table instead
 * of per row keeps a test's reset fast). Rows are objects keyed by column name, all with the
 * same keys; `table` and the keys come from code, never from a request.
 * @param onConflict e.g. `upsertOn('id')`, or '' to fail on duplicates.
 */
export async function insertRows(q: Queryable, table: string, rows: readonly Record<string, unknown>[], onConflict = ''): Promise<void> {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0]!).join(', ')
  await q.query(
    `INSERT INTO ${table} (${columns})
     SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) ${onConflict}`,
    [JSON.stringify(rows)],
  )
}

/** `ON CONFLICT (key) DO UPDATE` setting every other column of `row` to the new value. */
export function upsertOn(key: string, row: Record<string, unknown>): string {
  const keys = key.split(',').map((k) => k.trim())
  const sets = Object.keys(row)
    .filter((c) => !keys.includes(c))
    .map((c) => `${c} = EXCLUDED.${c}`)
  return `ON CONFLICT (${key}) DO UPDATE SET ${sets.join(', ')}`
}
