import { describe, expect, it } from 'vitest'
import { DEV_SPACE_PURCHASE_PATH } from '../../server/dev/space-dev-routes'
import { DEV_VIP_PURCHASE_PATH } from '../../server/dev/vip-dev-routes'
import { DEMO_VIP_GOODS } from '../../server/seed/seed-catalog'
import { DEMO_TOKENS } from '../../server/seed/demo'
import type { VipInfo } from '../../server/services/membership'
import { BASIC, bearer, envelope, setupServer, VIP } from './helpers/test-app'

const PERMANENT = bearer(DEMO_TOKENS.permanent)
const server = setupServer({ devRoutes: true })
const vipInfo = async (headers: Record<string, string>) => envelope<VipInfo>(await server.get('/v1/user/vipInfo', headers)).data
const buy = (goodsId: unknown, headers: Record<string, string>) => server.post(DEV_VIP_PURCHASE_PATH, { goodsId }, headers)
const [monthly, yearly, permanent] = DEMO_VIP_GOODS.map((g) => g.id) as [number, number, number]

/** `YYYY-MM-DD` of a contract time plus `days`. */
const dayAfter = (time: string, days: number) =>
  new Date(Date.parse(`${time.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

describe('GET /v1/goods/vips', () => {
  it('lists monthly, yearly (with an original price and 推荐) and permanent plans in display order', async () => {
    const res = await server.get('/v1/goods/vips', BASIC)
    expect(res.statusCode).toBe(200)
    expect(envelope(res).data).toEqual([
      { id: 101, name: '月度会员', months: 1, money: 2800, originalMoney: 0, tag: '' },
      { id: 102, name: '年度会员', months: 12, money: 19_800, originalMoney: 33_600, tag: '推荐' },
      { id: 103, name: '永久会员', months: 0, money: 39_800, originalMoney: 0, tag: '' },
    ])
  })

  it('answers 401 without a token or with an unknown one', async () => {
    for (const headers of [{}, bearer('nobody')]) {
      const res = await server.get('/v1/goods/vips', headers)
      expect(res.statusCode).toBe(401)
      expect(envelope(res)).toMatchObject({ result: 'UNAUTHORIZED', data: null })
    }
  })
})

describe('GET /v1/user/vipInfo', () => {
  it('gives the demo member a membership ending at 23:59:59 about a year from now', async () => {
    const info = await vipInfo(VIP)
    expect(info).toMatchObject({ isVip: true, isPermanentVip: false })
    expect(info.expireTime).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59$/)
    const days = (Date.parse(`${info.expireTime!}+08:00`) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(367)
  })

  it('tells the basic user they are not a member, with no expiry', async () => {
    expect(await vipInfo(BASIC)).toEqual({ isVip: false, isPermanentVip: false, expireTime: null })
  })

  it('tells the permanent member so, with no expiry', async () => {
    expect(await vipInfo(PERMANENT)).toEqual({ isVip: true, isPermanentVip: true, expireTime: null })
  })

  it('reads a membership that has run out as no membership', async () => {
    await server.db.query("UPDATE users SET vip_expire_at = now() - interval '1 second' WHERE token = $1", [DEMO_TOKENS.vip])
    expect(await vipInfo(VIP)).toEqual({ isVip: false, isPermanentVip: false, expireTime: null })
  })

  it('answers 401 without a token', async () => {
    const res = await server.get('/v1/user/vipInfo', {})
    expect(res.statusCode).toBe(401)
    expect(envelope(res)).toEqual({ result: 'UNAUTHORIZED', data: null, msg: '请先登录' })
  })
})

describe(`POST ${DEV_VIP_PURCHASE_PATH} (development only)`, () => {
  it('makes a non-member a member for the months of the plan and answers the new VipInfo', async () => {
    const res = await buy(monthly, BASIC)
    expect(res.statusCode).toBe(200)
    const info = envelope<VipInfo>(res).data
    expect(info).toMatchObject({ isVip: true, isPermanentVip: false })
    const days = (Date.parse(`${info.expireTime!}+08:00`) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect(days).toBeLessThan(33)
    expect(await vipInfo(BASIC)).toEqual(info)
  })

  it('adds a timed plan to the end of a running membership', async () => {
    const before = (await vipInfo(VIP)).expireTime!
    const after = envelope<VipInfo>(await buy(yearly, VIP)).data.expireTime!
    const gain = (Date.parse(`${after}Z`) - Date.parse(`${before}Z`)) / 86_400_000
    expect(gain === 365 || gain === 366).toBe(true)
    expect(after.slice(10)).toBe('T23:59:59')
    expect(dayAfter(before, gain)).toBe(after.slice(0, 10))
  })

  it('makes a member permanent with the permanent plan', async () => {
    expect(envelope(await buy(permanent, VIP)).data).toEqual({ isVip: true, isPermanentVip: true, expireTime: null })
    expect(await vipInfo(VIP)).toEqual({ isVip: true, isPermanentVip: true, expireTime: null })
  })

  it('leaves a permanent member permanent when they buy a timed plan', async () => {
    await buy(monthly, PERMANENT)
    expect(await vipInfo(PERMANENT)).toEqual({ isVip: true, isPermanentVip: true, expireTime: null })
  })

  it('answers 404 for a space item or an unknown id and changes nothing', async () => {
    for (const goodsId of [1, 999]) {
      const res = await buy(goodsId, BASIC)
      expect(res.statusCode).toBe(404)
      expect(envelope(res)).toEqual({ result: 'NOT_FOUND', data: null, msg: '会员方案不存在' })
    }
    expect((await vipInfo(BASIC)).isVip).toBe(false)
  })

  it('refuses a missing or non-numeric goodsId with a Chinese 400', async () => {
    for (const payload of [{}, { goodsId: '101' }, { goodsId: -1 }]) {
      const res = await server.post(DEV_VIP_PURCHASE_PATH, payload, BASIC)
      expect(res.statusCode).toBe(400)
      expect(envelope(res).msg).toMatch(/[\u4e00-\u9fff]/)
    }
    expect((await vipInfo(BASIC)).isVip).toBe(false)
  })

  it('answers 401 without a token', async () => {
    expect((await buy(monthly, {})).statusCode).toBe(401)
  })

  it('lets a bought membership count as VIP for the VIP-only free space', async () => {
    expect((await server.post('/v1/activity/vipGetFreeSpace', {}, BASIC)).statusCode).toBe(403)
    await buy(monthly, BASIC)
    expect((await server.post('/v1/activity/vipGetFreeSpace', {}, BASIC)).statusCode).toBe(200)
  })
})

describe(`POST ${DEV_SPACE_PURCHASE_PATH} (development only)`, () => {
  const capacity = async () => envelope<{ total: number }>(await server.get('/v1/user/myCapacity', BASIC)).data.total

  it("adds the space good to the buyer's capacity and answers the new total", async () => {
    const before = await capacity()
    const res = await server.post(DEV_SPACE_PURCHASE_PATH, { goodsId: 1 }, BASIC)
    expect(res.statusCode).toBe(200)
    expect(envelope<{ total: number }>(res).data.total).toBe(before + 51_200)
    expect(await capacity()).toBe(before + 51_200)
  })

  it('answers 404 with a Chinese message for a goods id that is no space good (a membership plan), changing nothing', async () => {
    const before = await capacity()
    const res = await server.post(DEV_SPACE_PURCHASE_PATH, { goodsId: monthly }, BASIC)
    expect(res.statusCode).toBe(404)
    expect(envelope(res).msg).toBe('空间商品不存在')
    expect(await capacity()).toBe(before)
  })
})

describe('without the devRoutes option (production)', () => {
  const production = setupServer()

  it('has no purchase route', async () => {
    const res = await production.post(DEV_VIP_PURCHASE_PATH, { goodsId: monthly }, BASIC)
    expect(res.statusCode).toBe(404)
    expect((await production.post(DEV_SPACE_PURCHASE_PATH, { goodsId: 1 }, BASIC)).statusCode).toBe(404)
    expect(await production.get('/v1/user/vipInfo', BASIC).then((r) => envelope<VipInfo>(r).data.isVip)).toBe(false)
  })

  it('still serves the plans and the membership', async () => {
    expect((await production.get('/v1/goods/vips', VIP)).statusCode).toBe(200)
    expect((await production.get('/v1/user/vipInfo', VIP)).statusCode).toBe(200)
  })
})
