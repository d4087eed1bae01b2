import { describe, expect, it } from 'vitest'
import type { Plan } from '../../../../pages/vip_sale/vip-data'
import {
  initialState,
  shownMembership,
  vipSaleReducer,
  type VipSaleEvent,
  type VipSaleState,
} from '../../../../pages/vip_sale/vip-sale-state'

const plan = (id: number): Plan => ({ id, name: `plan ${id}`, price: '¥1', originalPrice: null, tag: '' })
const PLANS = [plan(1), plan(2), plan(3)]
const member = { kind: 'member' as const, until: '2027-01-01' }
const run = (events: VipSaleEvent[], from: VipSaleState = initialState) => events.reduce(vipSaleReducer, from)

describe('the membership-sale state', () => {
  it('starts loading with no guess, then shows the user-agent guess', () => {
    expect(shownMembership(initialState)).toBeNull()
    const guessed = run([{ type: 'guessed', membership: { kind: 'member', until: null } }])
    expect(guessed).toEqual({ status: 'loading', guess: { kind: 'member', until: null } })
  })

  it('replaces the guess with the loaded membership and selects the first plan', () => {
    const state = run([
      { type: 'guessed', membership: { kind: 'none' } },
      { type: 'loaded', plans: PLANS, membership: member },
    ])
    expect(state).toEqual({ status: 'loaded', plans: PLANS, membership: member, selectedId: 1 })
    expect(shownMembership(state)).toEqual(member)
  })

  it('ignores a guess that arrives after the data', () => {
    const loaded = run([{ type: 'loaded', plans: PLANS, membership: member }])
    expect(vipSaleReducer(loaded, { type: 'guessed', membership: { kind: 'none' } })).toBe(loaded)
  })

  it('selects only a plan that is on sale', () => {
    const loaded = run([{ type: 'loaded', plans: PLANS, membership: member }])
    expect(run([{ type: 'select', planId: 3 }], loaded)).toMatchObject({ selectedId: 3 })
    expect(run([{ type: 'select', planId: 9 }], loaded)).toBe(loaded)
  })

  it('fails with the server message, or 获取数据失败 when there is none, and keeps the guess', () => {
    const guess = { kind: 'none' as const }
    expect(
      run([
        { type: 'guessed', membership: guess },
        { type: 'failed', msg: '服务器开小差了' },
      ]),
    ).toEqual({ status: 'failed', msg: '服务器开小差了', guess })
    expect(run([{ type: 'failed', msg: '  ' }])).toMatchObject({ status: 'failed', msg: '获取数据失败' })
  })

  it('fails when there is nothing to offer someone who could buy, or the membership is unreadable', () => {
    expect(run([{ type: 'loaded', plans: [], membership: { kind: 'none' } }])).toMatchObject({ status: 'failed', msg: '获取数据失败' })
    expect(run([{ type: 'loaded', plans: PLANS, membership: null }])).toMatchObject({ status: 'failed', msg: '获取数据失败' })
    expect(run([{ type: 'loaded', plans: [], membership: { kind: 'permanent' } }])).toMatchObject({ status: 'loaded', selectedId: null })
  })

  it('goes back to loading on retry, only from a failure', () => {
    const failed = run([{ type: 'failed', msg: 'x' }])
    expect(vipSaleReducer(failed, { type: 'retry' })).toEqual({ status: 'loading', guess: null })
    const loaded = run([{ type: 'loaded', plans: PLANS, membership: member }])
    expect(vipSaleReducer(loaded, { type: 'retry' })).toBe(loaded)
  })

  it('keeps a loaded page when a late failure arrives', () => {
    const loaded = run([{ type: 'loaded', plans: PLANS, membership: member }])
    expect(vipSaleReducer(loaded, { type: 'failed', msg: 'x' })).toBe(loaded)
  })

  it('replaces only the membership when it is reloaded, keeping the selection', () => {
    const loaded = run([
      { type: 'loaded', plans: PLANS, membership: { kind: 'none' } },
      { type: 'select', planId: 2 },
    ])
    expect(run([{ type: 'membershipReloaded', membership: member }], loaded)).toEqual({
      status: 'loaded',
      plans: PLANS,
      membership: member,
      selectedId: 2,
    })
    expect(run([{ type: 'membershipReloaded', membership: member }])).toBe(initialState)
  })
})
