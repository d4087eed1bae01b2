import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A purchasable amount of storage (contract SpaceGoods). */
export interface SpaceGoods {
  id: number
  name: string
  /** MB */
  capacity: number
  /** Cents per year. */
  money: number
}

/** All space goods in display order. */
export function listSpaceGoods(q: Queryable): Promise<SpaceGoods[]> {
  return q.query<SpaceGoods>(
    `SELECT id, name, capacity_mb::float8 AS capacity, money_cents AS money
     FROM space_goods ORDER BY position, id`,
  )
}

/** Inserts or restores goods with fixed ids, each at `positionOf` it (default: in this order). */
export async function upsertSpaceGoods(
  q: Queryable,
  goods: readonly SpaceGoods[],
  positionOf: (good: SpaceGoods, index: number) => number = (_, index) => index,
): Promise<void> {
  const rows = goods.map((g, i) => ({ id: g.id, name: g.name, capacity_mb: g.capacity, money_cents: g.money, position: positionOf(g, i) }))
  await insertRows(q, 'space_goods', rows, upsertOn('id', rows[0] ?? {}))
}

/** One space good by id, or null. */
export async function findSpaceGoods(q: Queryable, id: number): Promise<SpaceGoods | null> {
  const [row] = await q.query<SpaceGoods>(
    `SELECT id, name, capacity_mb::float8 AS capacity, money_cents AS money FROM space_goods WHERE id = $1`,
    [id],
  )
  return row ?? null
}
