import { describe, expect, it } from 'vitest'
import { versionGte } from '@shared/env/version'

describe('versionGte', () => {
  it.each([
    ['2.12', '2.12.0', true],
    ['2.12.0', '2.12', true],
    ['2.9.9', '2.12.0', false],
    ['2.12.0', '2.9.9', true],
    ['2.12.1', '2.12.0', true],
    ['2.11.99', '2.12.0', false],
    ['3', '2.12.0', true],
    ['2.12.0', '2.12.0', true],
    ['10.0.0', '9.99.99', true],
    ['2.12.0.1', '2.12', true],
  ])('%s >= %s is %s', (a, b, expected) => {
    expect(versionGte(a, b)).toBe(expected)
  })

  it('counts a part that is not a number as 0', () => {
    expect(versionGte('2.x', '2.0')).toBe(true)
    expect(versionGte('2.x', '2.1')).toBe(false)
  })
})
