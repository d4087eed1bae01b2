import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A membership plan (contract VipGoods). */
export interface VipGoods {
  id: number
  name: string
  /** Length of the membership; 0 = permanent. */
  months: number
  /** Cents. */
  money: number
  /** Cents; 0 = no struck-through price. */
  originalMoney: number
  /** '' or a short label such as '推荐'. */
  tag: string
}

const COLUMNS = 'id, name, months, money_cents AS money, original_money_cents AS "originalMoney", tag'

/** All plans in display order. */
export function listVipGoods(q: Queryable): Promise<VipGoods[]> {
  return q.query<VipGoods>(`SELECT ${COLUMNS} FROM vip_goods ORDER BY position, id`)
}

/** The plan with `id`, or null. */
export async function findVipGoods(q: Queryable, id: number): Promise<VipGoods | null> {
  const [row] = await q.query<VipGoods>(`SELECT ${COLUMNS} FROM vip_goods WHERE id = $1`, [id])
  return row ?? null
}

/** Inserts or restores plans with fixed ids, each at `positionOf` it (default: in this order). */
export async function upsertVipGoods(
  q: Queryable,
  goods: readonly VipGoods[],
  positionOf: (plan: VipGoods, index: number) => number = (_, index) => index,
): Promise<void> {
  const rows = goods.map((g, i) => ({
    id: g.id,
    name: g.name,
    months: g.months,
    money_cents: g.money,
    original_money_cents: g.originalMoney,
    tag: g.tag,
    position: positionOf(g, i),
  }))
  await insertRows(q, 'vip_goods', rows, upsertOn('id', rows[0] ?? {}))
}
