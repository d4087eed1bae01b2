import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/db'

/** The header of a shared recorded work. */
export interface ShareRow {
  code: string
  userId: number
  title: string
  intro: string
  imageUrl: string
  tags: string[]
  categories: number[]
}

/** The share with `code`, or null. */
export async function findShare(q: Queryable, code: string): Promise<ShareRow | null> {
  const [row] = await q.query<ShareRow>(
    `SELECT code, user_id AS "userId", title, intro, image_url AS "imageUrl", tags, categories
     FROM shares WHERE code = $1`,
    [code],
  )
  return row ?? null
}

/** Deletes the shares (and, by cascade, their items, sentences and words) (seed). */
export async function deleteShares(q: Queryable, codes: readonly string[]): Promise<void> {
  await q.query('DELETE FROM shares WHERE code = ANY($1::text[])', [codes])
}

/** Inserts share headers. */
export async function insertShares(q: Queryable, shares: readonly ShareRow[]): Promise<void> {
  await insertRows(
    q,
    'shares',
    shares.map((s) => ({
      code: s.code,
      user_id: s.userId,
      title: s.title,
      intro: s.intro,
      image_url: s.imageUrl,
      tags: s.tags,
      categories: s.categories,
    })),
  )
}
