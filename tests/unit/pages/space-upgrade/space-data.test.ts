import { describe, expect, it } from 'vitest'
import { toCapacityView, toGoodsRows, usedPercent } from '../../../../pages/space_upgrade/space-data'

describe('toCapacityView', () => {
  it('keeps used and total in MB', () => {
    expect(toCapacityView({ used: 512, total: 2048 })).toEqual({ used: 512, total: 2048 })
  })

  it('reads a missing, null, negative or non-numeric field as 0', () => {
    expect(toCapacityView(null)).toEqual({ used: 0, total: 0 })
    expect(toCapacityView({ used: -5, total: '9' as unknown as number })).toEqual({ used: 0, total: 0 })
  })
})

describe('toGoodsRows', () => {
  it('keeps goods in server order with their fields', () => {
    expect(
      toGoodsRows([
        { id: 2, name: ' 50GB ', capacity: 51200, money: 3000 },
        { id: 1, name: 'a', capacity: 1, money: 1 },
      ]),
    ).toEqual([
      { id: 2, name: '50GB', capacity: 51200, money: 3000 },
      { id: 1, name: 'a', capacity: 1, money: 1 },
    ])
  })

  it('drops entries that cannot be bought because they have no numeric id', () => {
    const hostile = [null, 'x', { name: 'no id' }, { id: '3' }, { id: Number.NaN }, { id: 4 }] as never
    expect(toGoodsRows(hostile).map((row) => row.id)).toEqual([4])
  })

  it('fills a missing name, capacity and price with empty values', () => {
    expect(toGoodsRows([{ id: 1, name: null, capacity: null, money: undefined }])).toEqual([{ id: 1, name: '', capacity: 0, money: 0 }])
  })

  it('reads a list that is not an array as no goods', () => {
    expect(toGoodsRows(null)).toEqual([])
    expect(toGoodsRows({ length: 2 } as never)).toEqual([])
  })
})

describe('usedPercent', () => {
  it('is the used share of the total', () => {
    expect(usedPercent({ used: 256, total: 1024 })).toBe(25)
  })

  it('stops at a full bar when more is used than granted', () => {
    expect(usedPercent({ used: 3000, total: 1024 })).toBe(100)
  })

  it('is empty with nothing granted and nothing used, and full when something is used', () => {
    expect(usedPercent({ used: 0, total: 0 })).toBe(0)
    expect(usedPercent({ used: 5, total: 0 })).toBe(100)
  })
})
