import type { Capacity, SpaceGoods } from '@shared/api/types'

/** A capacity good ready to show: every field present, whatever the server sent. */
export interface GoodsRow {
  id: number
  name: string
  /** MB. */
  capacity: number
  /** Cents per year. */
  money: number
}

/** Used and total storage in MB, never negative. */
export interface CapacityView {
  used: number
  total: number
}

const nonNegative = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number.NaN
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** The capacity from `myCapacity`; a missing or broken field counts as 0. */
export function toCapacityView(data: Capacity | null): CapacityView {
  return { used: nonNegative(data?.used), total: nonNegative(data?.total) }
}

/**
 * The goods from `goods/spaces` that can be bought: entries without a usable id are dropped (the
 * buy call needs one); a missing name, capacity or price reads as empty or 0.
 */
export function toGoodsRows(data: SpaceGoods[] | null): GoodsRow[] {
  if (!Array.isArray(data)) return []
  const rows: GoodsRow[] = []
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const goods = item as SpaceGoods
    if (typeof goods.id !== 'number' || !Number.isFinite(goods.id)) continue
    rows.push({
      id: goods.id,
      name: typeof goods.name === 'string' ? goods.name.trim() : '',
      capacity: nonNegative(goods.capacity),
      money: nonNegative(goods.money),
    })
  }
  return rows
}

/** The bar's filled share, 0–100; a full (or over-full) disk shows a full bar. */
export function usedPercent({ used, total }: CapacityView): number {
  if (total <= 0) return used > 0 ? 100 : 0
  return Math.min(100, (used / total) * 100)
}
