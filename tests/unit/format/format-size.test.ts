import { describe, expect, it } from 'vitest'
import { formatSize } from '@shared/format'

describe('formatSize', () => {
  it.each([
    [0, '0MB'],
    [512, '512MB'],
    [1023, '1023MB'],
    [1024, '1GB'],
    [1536, '1.5GB'],
    [1500, '1.46GB'],
    [10240, '10GB'],
    [1048575, '1024GB'],
    [1048576, '1TB'],
    [2097152, '2TB'],
    [300.5, '300.5MB'],
  ])('shows %s MB as %s', (mb, text) => {
    expect(formatSize(mb)).toBe(text)
  })

  it.each([null, undefined, NaN, Infinity])('shows %s as 0MB', (mb) => {
    expect(formatSize(mb)).toBe('0MB')
  })
})
