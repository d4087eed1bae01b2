import { describe, expect, it } from 'vitest'
import { maskPhone } from '@shared/format'

describe('maskPhone', () => {
  it('leaves a 10-character string unchanged', () => {
    expect(maskPhone('1381234567')).toBe('1381234567')
  })

  it('masks the middle four of an 11-character phone', () => {
    expect(maskPhone('13812345678')).toBe('138****5678')
  })

  it('masks the last 11 characters of a 13-character phone', () => {
    expect(maskPhone('8613812345678')).toBe('138****5678')
  })

  it('shows nothing for null', () => {
    expect(maskPhone(null)).toBe('')
  })
})
