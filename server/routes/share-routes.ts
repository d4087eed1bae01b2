import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { ok } from '../http/envelope'
import { replies } from '../http/schemas'
import { getShareData } from '../services/share-service'
import { shareData, shareQuery } from './share-schemas'

/** GET /v1/share/uar?r=<code> — a shared recorded work. The only call open to anonymous visitors. */
export const shareRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: { r: string } }>(
    '/v1/share/uar',
    // Counted per address before anything else: share codes must not be guessable at speed.
    { schema: { querystring: shareQuery, response: replies(shareData) }, config: { clientLimit: 'shareLookups' } },
    async (request) => ok(await getShareData(db, request.query.r)),
  )
}
