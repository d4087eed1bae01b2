import { describe, expect, it } from 'vitest'
import { formatMoney } from '@shared/format'

describe('formatMoney', () => {
  it.each([
    [3000, '30'],
    [990, '9.9'],
    [1999, '19.99'],
    [0, '0'],
    [null, '0'],
    [NaN, '0'],
  ])('shows %s cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text)
  })
})
