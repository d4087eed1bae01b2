/**
 * Development only (registered when buildApp's `devRoutes` is on: `npm start` unless DEV_ROUTES=off,
 * the tests; never in production): what the app's store would do after a paid membership purchase.
 * The fake host's `buyGoods` calls it so that a purchase can be tried from a desktop browser.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { notFound, ok } from '../http/envelope'
import { idProperty, replies } from '../http/schemas'
import { getMembership, setMembership } from '../repositories/membership-repository'
import { findVipGoods } from '../repositories/vip-goods-repository'
import { vipInfoData } from '../routes/vip-routes'
import { afterPurchase, toVipInfo } from '../services/membership'

/** The path the fake host posts `{ goodsId }` to. */
export const DEV_VIP_PURCHASE_PATH = '/v1/dev/vip/purchase'

/** The body both development purchase routes take (this one and space-dev-routes.ts). */
export const goodsIdBody = {
  type: 'object',
  required: ['goodsId'],
  additionalProperties: false,
  properties: { goodsId: idProperty },
} as const

/** `POST /v1/dev/vip/purchase { goodsId }`: the caller bought that plan; answers the new VipInfo. */
export const vipDevRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: { goodsId: number } }>(
    DEV_VIP_PURCHASE_PATH,
    { schema: { body: goodsIdBody, response: replies(vipInfoData) } },
    async (request) => {
      const user = currentUser(request)
      const now = new Date()
      const info = await db.transaction(async (tx) => {
        const plan = await findVipGoods(tx, request.body.goodsId)
        if (!plan) throw notFound('会员方案不存在')
        const current = (await getMembership(tx, user.id, true)) ?? { permanent: false, expireAt: null }
        const next = afterPurchase(current, plan.months, now)
        await setMembership(tx, user.id, next)
        return toVipInfo(next, now)
      })
      return ok(info)
    },
  )
}
