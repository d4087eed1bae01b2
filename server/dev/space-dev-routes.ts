/**
 * Development only (registered with the other routes of server/dev/, never in production): what the
 * app's store would do after a paid space purchase. The fake host's `buyGoods` calls it for a space good
 * (a goods id that is no membership plan), so that /space_upgrade can be tried from a desktop browser:
 * the capacity grows, and the page shows it when the fake host sends `visibleChange`.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { notFound, ok } from '../http/envelope'
import { replies } from '../http/schemas'
import { addToTotalMb } from '../repositories/capacities-repository'
import { findSpaceGoods } from '../repositories/goods-repository'
import { goodsIdBody } from './vip-dev-routes'

/** The path the fake host posts `{ goodsId }` to for a space good. */
export const DEV_SPACE_PURCHASE_PATH = '/v1/dev/space/purchase'

const totalData = { type: 'object', required: ['total'], properties: { total: { type: 'number' } } } as const

/** `POST /v1/dev/space/purchase { goodsId }`: the caller bought that much space; answers the new total (MB). */
export const spaceDevRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: { goodsId: number } }>(
    DEV_SPACE_PURCHASE_PATH,
    { schema: { body: goodsIdBody, response: replies(totalData) } },
    async (request) => {
      const user = currentUser(request)
      const total = await db.transaction(async (tx) => {
        const goods = await findSpaceGoods(tx, request.body.goodsId)
        if (!goods) throw notFound('空间商品不存在')
        return addToTotalMb(tx, user.id, goods.capacity)
      })
      return ok({ total })
    },
  )
}
