import { describe, expect, it } from 'vitest'
import { foldGoods, GOODS_SHOWN_BY_DEFAULT } from '../../../../pages/space_upgrade/fold-goods'

const goods = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }))

describe('foldGoods', () => {
  it('shows three goods by default', () => {
    expect(GOODS_SHOWN_BY_DEFAULT).toBe(3)
    expect(foldGoods(goods(5), false).shown.map((g) => g.id)).toEqual([1, 2, 3])
  })

  it('offers to expand when more goods than the limit are folded away', () => {
    expect(foldGoods(goods(4), false).toggle).toBe('expand')
  })

  it('shows every good in server order once expanded, and offers to collapse', () => {
    const fold = foldGoods(goods(5), true)
    expect(fold.shown.map((g) => g.id)).toEqual([1, 2, 3, 4, 5])
    expect(fold.toggle).toBe('collapse')
  })

  it('shows no toggle when exactly three goods fit', () => {
    expect(foldGoods(goods(3), false)).toEqual({ shown: goods(3), toggle: null })
  })

  it('shows no toggle for an expanded list that fits, so the state cannot get stuck', () => {
    expect(foldGoods(goods(2), true).toggle).toBeNull()
  })

  it('shows nothing and no toggle for an empty list', () => {
    expect(foldGoods([], false)).toEqual({ shown: [], toggle: null })
  })

  it('honours a custom limit', () => {
    expect(foldGoods(goods(3), false, 1).shown).toHaveLength(1)
  })
})
