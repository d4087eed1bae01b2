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
import type { HealthReply, ReleaseEvent } from '../../common/telemetry/health'
import { inLane } from '../db/fair-db'
import { healthQuery, healthReplySchema, releaseEventsBody } from './health-schema'
import { readReleaseHealth } from './health-query'
import { recordReleaseEvents, type KnownReleases } from './releases'

/** The lane of the operators' calls. */
export const OPS_LANE = 'ops'

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

/**
 * Health reads one at a time per instance, the same question asked meanwhile sharing the answer (several
 * operators, a watch and a gate at once cost one read), each on one connection with no parallel workers:
 * a read takes at most one of the database's cores, and visitors keep the others (bench/health).
 */
function healthReads(db: Db): (sinceHours: number, route: string | null) => Promise<HealthReply> {
  const asked = new Map<string, Promise<HealthReply>>()
  let last: Promise<unknown> = Promise.resolve()
  return (sinceHours, route) => {
    const key = `${sinceHours}\n${route ?? ''}`
    const pending = asked.get(key)
    if (pending) return pending
    const read = last.then(() =>
      inLane(OPS_LANE, () =>
        db.transaction(async (tx) => {
          await tx.query('SET LOCAL max_parallel_workers_per_gather = 0')
          return readReleaseHealth(tx, sinceHours, route)
        }),
      ),
    )
    last = read.catch(() => undefined)
    asked.set(key, read)
    void read.finally(() => asked.delete(key)).catch(() => undefined)
    return read
  }
}

export const opsRoutes: FastifyPluginAsync<OpsRoutesOptions> = async (app, { db, opsToken, known }) => {
  const health = healthReads(db)
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
    async (request) => {
      const since = Number(request.query.since ?? HEALTH_DEFAULT_HOURS)
      if (since > HEALTH_MAX_HOURS) throw badRequest(`参数 since 应为 1 到 ${HEALTH_MAX_HOURS} 之间的小时数`)
      return ok(await health(since, request.query.route ?? null))
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
