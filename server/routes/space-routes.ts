import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { conflict, forbidden, ok } from '../http/envelope'
import { replies } from '../http/schemas'
import { roundMb } from '../http/text'
import { addToTotalMb, getTotalMb } from '../repositories/capacities-repository'
import { hasClaim, insertClaim } from '../repositories/claims-repository'
import { listSpaceGoods } from '../repositories/goods-repository'
import { usedMb } from '../uploads/capacity'

/** The activity key of the VIP free-space benefit (one claim per user). */
export const VIP_FREE_SPACE_ACTIVITY = 'vip-free-space'
/** What the benefit adds to the user's total, in MB (10 GB). */
export const VIP_FREE_SPACE_MB = 10240

const goodsData = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'capacity', 'money'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      capacity: { type: 'number' },
      money: { type: 'integer' },
    },
  },
} as const

const capacityData = {
  type: 'object',
  required: ['total', 'used', 'claimed'],
  // claimed: the caller already claimed the VIP free-space gift (/expand_space shows it as claimed).
  properties: { total: { type: 'number' }, used: { type: 'number' }, claimed: { type: 'boolean' } },
} as const

const claimData = {
  type: 'object',
  required: ['granted', 'total'],
  properties: { granted: { type: 'number' }, total: { type: 'number' } },
} as const

/** Storage: goods on sale, the caller's capacity, and the VIP free-space claim. */
export const spaceRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/v1/goods/spaces', { schema: { response: replies(goodsData) } }, async () => ok(await listSpaceGoods(db)))

  app.get('/v1/user/myCapacity', { schema: { response: replies(capacityData) } }, async (request) => {
    const user = currentUser(request)
    return ok({
      total: await getTotalMb(db, user.id),
      used: roundMb(await usedMb(db, user.id)),
      claimed: await hasClaim(db, user.id, VIP_FREE_SPACE_ACTIVITY),
    })
  })

  app.post(
    '/v1/activity/vipGetFreeSpace',
    // The body carries nothing; it may be `{}` or absent.
    { schema: { body: { type: ['object', 'null'] }, response: replies(claimData) } },
    async (request) => {
      const user = currentUser(request)
      if (!user.isVip) throw forbidden('该福利仅限会员领取')
      const total = await db.transaction(async (tx) => {
        // The claim row's primary key is the arbiter: of concurrent claims exactly one inserts.
        if (!(await insertClaim(tx, user.id, VIP_FREE_SPACE_ACTIVITY, VIP_FREE_SPACE_MB))) {
          throw conflict('您已领取过该福利')
        }
        return addToTotalMb(tx, user.id, VIP_FREE_SPACE_MB)
      })
      return ok({ granted: VIP_FREE_SPACE_MB, total })
    },
  )
}
