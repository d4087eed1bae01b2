import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A book category (Folder.rootId / rootTitle). */
export interface Category {
  id: number
  name: string
}

/** All categories in display order. */
export function listCategories(q: Queryable): Promise<Category[]> {
  return q.query<Category>('SELECT id, name FROM categories ORDER BY position, id')
}

/** Whether a category with `id` exists. */
export async function categoryExists(q: Queryable, id: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM categories WHERE id = $1', [id])
  return rows.length > 0
}

/** Inserts or restores categories with fixed ids, each at `positionOf` it (default: in this order). */
export async function upsertCategories(
  q: Queryable,
  categories: readonly Category[],
  positionOf: (category: Category, index: number) => number = (_, index) => index,
): Promise<void> {
  const rows = categories.map((c, i) => ({ id: c.id, name: c.name, position: positionOf(c, i) }))
  await insertRows(q, 'categories', rows, upsertOn('id', rows[0] ?? {}))
}
