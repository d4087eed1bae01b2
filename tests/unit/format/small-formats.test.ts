import { describe, expect, it } from 'vitest'
import { formatUpdateTime, starsFromScore } from '@shared/format'

describe('formatUpdateTime', () => {
  it('replaces the T with a space', () => {
    expect(formatUpdateTime('2024-05-01T08:30:00')).toBe('2024-05-01 08:30:00')
  })

  it('shows nothing for null', () => {
    expect(formatUpdateTime(null)).toBe('')
  })
})

describe('starsFromScore', () => {
  it.each([
    [29, 0],
    [30, 1],
    [59, 1],
    [60, 2],
    [79, 2],
    [80, 3],
    [100, 3],
    [0, 0],
  ])('gives score %s %s stars', (score, stars) => {
    expect(starsFromScore(score)).toBe(stars)
  })

  it.each([null, undefined, NaN])('gives %s no stars', (score) => {
    expect(starsFromScore(score)).toBe(0)
  })
})
