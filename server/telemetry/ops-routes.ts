/**
 * `GET /ops/release-health` (docs/telemetry.md "Reading it back") and `POST /ops/releases` (what a deploy
 * made live, docs/deploying.md "Telling the API"): an operator's calls, outside `/v1/` so no user's token
 * opens them. Their database work runs in a lane of its own (db/fair-db.ts): a health read never takes a
 * visitor's turn. With `OPS_TOKEN` set it needs `Authorization: Bearer <OPS_TOKEN>`; a
 * production start without one answers 404 (nothing to guard it with); the demo answers anyone.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Db } from '../db/db'
import { isProduction } from '../dev-mode'
import { badRequest, notFound, ok, unauthorized } from '../http/envelope'
import { replies } from '../http/schemas'
import type { ReleaseEvent } from '../../common/telemetry/health'
import { inLane } from '../db/fair-db'
import { healthQuery, healthReplySchema, releaseEventsBody } from './health-schema'
import { healthReads, OPS_LANE } from './health-reads'
import { recordReleaseEvents, type KnownReleases } from './releases'

export const HEALTH_MAX_HOURS = 720
export const HEALTH_DEFAULT_HOURS = 24

export interface OpsRoutesOptions {
  db: Db
  /** The operator's token; none = open in the demo, absent (404) in production. */
  opsToken: string | undefined
  known: KnownReleases
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

function holdsToken(request: FastifyRequest, token: string): boolean {
  const sent = Buffer.from(BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return sent.length === expected.length && timingSafeEqual(sent, expected)
}

export const opsRoutes: FastifyPluginAsync<OpsRoutesOptions> = async (app, { db, opsToken, known }) => {
  const health = healthReads(db)
  app.addHook('onClose', () => health.close())
  app.addHook('onRequest', async (request) => {
    if (opsToken) {
      if (!holdsToken(request, opsToken)) throw unauthorized('需要运维令牌')
    } else if (isProduction()) {
      throw notFound('接口不存在')
    }
  })
  app.get<{ Querystring: { since?: string; route?: string } }>(
    '/ops/release-health',
    { schema: { querystring: healthQuery, response: replies(healthReplySchema) } },
    async (request, reply) => {
      const since = Number(request.query.since ?? HEALTH_DEFAULT_HOURS)
      if (since > HEALTH_MAX_HOURS) throw badRequest(`参数 since 应为 1 到 ${HEALTH_MAX_HOURS} 之间的小时数`)
      const body = await health.read(since, request.query.route ?? null)
      void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding')
      // Written and compressed once a reply (a kept one is read again and again): the compression hook passes it on.
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
        return reply.header('content-encoding', 'gzip').send(Buffer.from(body.gzip))
      return reply.send(body.json)
    },
  )
  app.post<{ Body: { events: Omit<ReleaseEvent, 'at'>[] } }>(
    '/ops/releases',
    {
      schema: {
        body: releaseEventsBody,
        response: replies({ type: 'object', required: ['events'], properties: { events: { type: 'integer' } } }),
      },
    },
    async (request) => {
      await inLane(OPS_LANE, () => recordReleaseEvents(db, request.body.events))
      known.invalidate()
      return ok({ events: request.body.events.length })
    },
  )
}
