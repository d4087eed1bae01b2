import { describe, expect, it } from 'vitest'
import { formatAges } from '@shared/format'

describe('formatAges', () => {
  it.each([
    [['3', '6'], '3-6岁'],
    [['3岁', '6岁'], '3-6岁'],
    [['3', '4', '5', '6'], '3-6岁'],
    [['5'], '5岁'],
    [['5岁'], '5岁'],
    [[], ''],
    [null, ''],
    [undefined, ''],
    [['', ' ', null], ''],
    [[3, 6], '3-6岁'],
  ])('shows %j as %j', (ages, text) => {
    expect(formatAges(ages)).toBe(text)
  })
})
