import { describe, expect, it } from 'vitest'
import { countdown } from '@shared/format'

const NOW = Date.UTC(2026, 0, 1, 0, 0, 0)

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const target = NOW + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000
    expect(countdown(target, NOW)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false })
  })

  it('reads a string without a zone as UTC', () => {
    expect(countdown('2026-01-01 01:00:00', NOW)).toMatchObject({ hours: 1, minutes: 0, seconds: 0, done: false })
    expect(countdown('2026-01-01T00:00:30', NOW)).toMatchObject({ seconds: 30 })
  })

  it('honours an explicit zone', () => {
    expect(countdown('2026-01-01T09:00:00+08:00', NOW)).toMatchObject({ hours: 1, done: false })
  })

  it('accepts a Date', () => {
    expect(countdown(new Date(NOW + 61_000), NOW)).toMatchObject({ minutes: 1, seconds: 1 })
  })

  it('rounds a partial second up, so 0 shows only when done', () => {
    expect(countdown(NOW + 1, NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false })
  })

  it('is done at and after the target', () => {
    const done = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }
    expect(countdown(NOW, NOW)).toEqual(done)
    expect(countdown(NOW - 5000, NOW)).toEqual(done)
  })

  it('treats an invalid target as done', () => {
    expect(countdown('not a date', NOW).done).toBe(true)
  })
})
