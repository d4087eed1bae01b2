import { describe, expect, it } from 'vitest'
import {
  buyLabel,
  dateOf,
  guessMembership,
  membershipChanged,
  statusText,
  toMembership,
  toPlans,
} from '../../../../pages/vip_sale/vip-data'

describe('toPlans', () => {
  it('keeps the server order and formats prices in yuan', () => {
    expect(
      toPlans([
        { id: 101, name: '月度会员', months: 1, money: 2800, originalMoney: 0, tag: '' },
        { id: 102, name: '年度会员', months: 12, money: 19_800, originalMoney: 33_600, tag: '推荐' },
        { id: 103, name: '永久会员', months: 0, money: 39_850, originalMoney: 0, tag: '' },
      ]),
    ).toEqual([
      { id: 101, name: '月度会员', price: '¥28', originalPrice: null, tag: '' },
      { id: 102, name: '年度会员', price: '¥198', originalPrice: '¥336', tag: '推荐' },
      { id: 103, name: '永久会员', price: '¥398.5', originalPrice: null, tag: '' },
    ])
  })

  it('shows no struck-through price when the original is not higher than the price', () => {
    const plans = toPlans([
      { id: 1, name: 'a', months: 1, money: 100, originalMoney: 100 },
      { id: 2, name: 'b', months: 1, money: 100, originalMoney: 50 },
      { id: 3, name: 'c', months: 1, money: 100, originalMoney: Number.NaN },
      { id: 4, name: 'd', months: 1, money: 100, originalMoney: '500' },
    ])
    expect(plans.map((p) => p.originalPrice)).toEqual([null, null, null, null])
  })

  it('leaves out plans without an integer id or a usable price, and repeated ids', () => {
    const plans = toPlans([
      null,
      'x',
      [],
      { name: 'no id', money: 1 },
      { id: '5', money: 1 },
      { id: 1.5, money: 1 },
      { id: 6, name: 'no price' },
      { id: 7, money: -1 },
      { id: 8, money: Number.POSITIVE_INFINITY },
      { id: 9, money: '9' },
      { id: 10, name: 'ok', money: 0 },
      { id: 10, name: 'again', money: 5 },
    ])
    expect(plans).toEqual([{ id: 10, name: 'ok', price: '¥0', originalPrice: null, tag: '' }])
  })

  it('names a plan without a name from its months, and trims names and tags', () => {
    const plans = toPlans([
      { id: 1, name: null, months: 0, money: 1 },
      { id: 2, name: '   ', months: 3, money: 1, tag: '  热卖 ' },
      { id: 3, months: null, money: 1, tag: 7 },
      { id: 4, name: ' 季度会员 ', months: 3, money: 1 },
    ])
    expect(plans.map((p) => [p.name, p.tag])).toEqual([
      ['永久会员', ''],
      ['3个月会员', '热卖'],
      ['会员', ''],
      ['季度会员', ''],
    ])
  })

  it('reads anything but a list as no plans', () => {
    for (const data of [null, undefined, {}, 'plans', 3]) expect(toPlans(data)).toEqual([])
  })
})

describe('toMembership', () => {
  it('reads a member with the date of the expiry', () => {
    expect(toMembership({ isVip: true, isPermanentVip: false, expireTime: '2027-11-23T23:59:59' })).toEqual({
      kind: 'member',
      until: '2027-11-23',
    })
  })

  it('reads a permanent member, whatever else is sent', () => {
    expect(toMembership({ isVip: false, isPermanentVip: true, expireTime: '2027-01-01T00:00:00' })).toEqual({ kind: 'permanent' })
  })

  it('reads a missing, null or non-boolean flag as not a member', () => {
    for (const data of [{}, { isVip: null }, { isVip: 'true' }, { isVip: 1, isPermanentVip: 'yes' }]) {
      expect(toMembership(data)).toEqual({ kind: 'none' })
    }
  })

  it('keeps a member whose expiry is missing or broken, without a date', () => {
    for (const expireTime of [null, undefined, '', 'soon', 42, '2027-13-01T00:00:00']) {
      expect(toMembership({ isVip: true, expireTime })).toEqual({ kind: 'member', until: null })
    }
  })

  it('gives null for a reply that is not an object', () => {
    for (const data of [null, undefined, 'vip', [], 1]) expect(toMembership(data)).toBeNull()
  })
})

describe('dateOf', () => {
  it('takes the day of a contract time, with or without the time', () => {
    expect(dateOf('2027-01-05T08:00:00')).toBe('2027-01-05')
    expect(dateOf('2027-01-05')).toBe('2027-01-05')
    expect(dateOf('2027-01-05 08:00:00')).toBe('2027-01-05')
    expect(dateOf('20270105')).toBeNull()
  })
})

describe('the status card and the buy button', () => {
  it('say what each membership is and offers the matching action', () => {
    expect([statusText({ kind: 'none' }), buyLabel({ kind: 'none' })]).toEqual(['您还不是会员', '立即开通'])
    expect([statusText({ kind: 'member', until: '2027-11-23' }), buyLabel({ kind: 'member', until: '2027-11-23' })]).toEqual([
      '会员有效期至 2027-11-23',
      '立即续费',
    ])
    expect([statusText({ kind: 'permanent' }), buyLabel({ kind: 'permanent' })]).toEqual(['您已是永久会员', null])
  })

  it('have no text for a member whose date is not known yet', () => {
    expect(statusText({ kind: 'member', until: null })).toBeNull()
  })
})

describe('guessMembership', () => {
  it('reads the user-agent flags, the permanent one first', () => {
    expect(guessMembership({ isVip: false, isPermanentVip: false })).toEqual({ kind: 'none' })
    expect(guessMembership({ isVip: true, isPermanentVip: false })).toEqual({ kind: 'member', until: null })
    expect(guessMembership({ isVip: true, isPermanentVip: true })).toEqual({ kind: 'permanent' })
    expect(guessMembership({ isVip: false, isPermanentVip: true })).toEqual({ kind: 'permanent' })
  })
})

describe('membershipChanged', () => {
  it('sees a new membership, a longer one and a permanent one, but not the same one', () => {
    const until = (date: string | null) => ({ kind: 'member' as const, until: date })
    expect(membershipChanged({ kind: 'none' }, until('2027-01-01'))).toBe(true)
    expect(membershipChanged(until('2027-01-01'), until('2028-01-01'))).toBe(true)
    expect(membershipChanged(until('2027-01-01'), { kind: 'permanent' })).toBe(true)
    expect(membershipChanged(until('2027-01-01'), until('2027-01-01'))).toBe(false)
    expect(membershipChanged({ kind: 'none' }, { kind: 'none' })).toBe(false)
    expect(membershipChanged({ kind: 'permanent' }, { kind: 'permanent' })).toBe(false)
  })
})
