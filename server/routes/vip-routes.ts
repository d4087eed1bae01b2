import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { ok } from '../http/envelope'
import { replies } from '../http/schemas'
import { getMembership } from '../repositories/membership-repository'
import { listVipGoods } from '../repositories/vip-goods-repository'
import { toVipInfo } from '../services/membership'

const goodsData = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'months', 'money', 'originalMoney', 'tag'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      months: { type: 'integer' },
      money: { type: 'integer' },
      originalMoney: { type: 'integer' },
      tag: { type: 'string' },
    },
  },
} as const

/** Contract VipInfo. */
export const vipInfoData = {
  type: 'object',
  required: ['isVip', 'isPermanentVip', 'expireTime'],
  properties: {
    isVip: { type: 'boolean' },
    isPermanentVip: { type: 'boolean' },
    expireTime: { type: ['string', 'null'] },
  },
} as const

/** Membership (/vip_sale): the plans on sale and the caller's membership. */
export const vipRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/v1/goods/vips', { schema: { response: replies(goodsData) } }, async () => ok(await listVipGoods(db)))

  app.get('/v1/user/vipInfo', { schema: { response: replies(vipInfoData) } }, async (request) => {
    const user = currentUser(request)
    const membership = (await getMembership(db, user.id)) ?? { permanent: false, expireAt: null }
    return ok(toVipInfo(membership, new Date()))
  })
}
