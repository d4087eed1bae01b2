/**
 * `GET /ops/release-health` (docs/telemetry.md "Reading it back"; `from` for the canary watch) and `POST /ops/releases` (what a deploy
 * made live, docs/deploying.md "Telling the API"): an operator's calls, outside `/v1/` so no user's token
 * opens them. Their database work runs in a lane of its own (db/fair-db.ts): a health read never takes a
 * visitor's turn. With `OPS_TOKEN` set (at least 32 characters, else the start is refused) it needs
 * `Authorization: Bearer <OPS_TOKEN>`, compared in constant time; a token in the query string is refused
 * (400) and never compared; wrong tokens are counted per address across instances (rate-limits.ts
 * `opsFailures`), past the limit every call from that address is a 429 until the window ends. A
 * production start without one answers 404 (nothing to guard it with); the demo answers anyone.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Db } from '../db/db'
import { isProduction } from '../dev-mode'
import { badRequest, notFound, ok, unauthorized } from '../http/envelope'
import { replies } from '../http/schemas'
import { COHORT_FROM_HOURS, type ReleaseEvent } from '../../common/telemetry/health'
import { inLane } from '../db/fair-db'
import { StartRefusal } from '../start-refusal'
import { healthQuery, healthReplySchema, releaseEventsBody } from './health-schema'
import { healthReads, OPS_LANE } from './health-reads'
import { recordReleaseEvents, type KnownReleases } from './releases'

export const HEALTH_MAX_HOURS = 720
export const HEALTH_DEFAULT_HOURS = 24

/** The shortest `OPS_TOKEN` a start takes: 32 characters (`openssl rand -hex 32` makes 64). */
export const MIN_OPS_TOKEN_CHARS = 32

/** 401 without the right token. */
export const OPS_TOKEN_MSG = '需要运维令牌'

/** 400 for a token in the URL (it would sit in every proxy's and browser's history). */
export const OPS_TOKEN_IN_URL_MSG = '运维令牌只能放在请求头 Authorization: Bearer <令牌> 中，不能放在网址里'

/**
 * `OPS_TOKEN` checked: undefined when unset (or empty), else at least {@link MIN_OPS_TOKEN_CHARS}
 * characters without whitespace, or a `StartRefusal` saying how to make one.
 */
export function checkedOpsToken(token: string | undefined = process.env.OPS_TOKEN): string | undefined {
  if (!token) return undefined
  if (token.length < MIN_OPS_TOKEN_CHARS || /\s/.test(token))
    throw new StartRefusal(
      `OPS_TOKEN must be at least ${MIN_OPS_TOKEN_CHARS} characters without spaces (it is ${token.length}): make one with openssl rand -hex 32`,
    )
  return token
}

/** Query parameters that look like a credential: `?ops=`, `?token=`, `?access_token=`, `?auth=`, … */
const CREDENTIAL_PARAM = /^ops$|token|auth|secret|password|^key$/i

/** The per-address count of wrong tokens (rate-limits.ts); none = not counted (tests without limits). */
export interface OpsAttempts {
  /** 429 when the address is past its wrong tokens. */
  beforeCheck: onRequestAsyncHookHandler
  /** Counts a wrong token of the address. */
  countFailure(request: FastifyRequest): Promise<void>
}

export interface OpsRoutesOptions {
  db: Db
  /** The operator's token; none = open in the demo, absent (404) in production. */
  opsToken: string | undefined
  known: KnownReleases
  attempts?: OpsAttempts
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the request's bearer token is `expected`: digests compared, so neither content nor length shows in the time taken. */
function holdsToken(request: FastifyRequest, expected: Buffer): boolean {
  return timingSafeEqual(digest(BEARER.exec(request.headers.authorization ?? '')?.[1] ?? ''), expected)
}

/** 400 for a `from` the cohorts' minutes cannot answer. */
export const FROM_MSG = `参数 from 应为最近 ${COHORT_FROM_HOURS} 小时内、不晚于现在的 UTC 时间（ISO 8601，如 2026-12-02T13:05:00Z）`

/** The query's `from` (its shape checked by the schema): a real time in the last COHORT_FROM_HOURS, not ahead of now (a minute of clock skew allowed). */
function cohortsFrom(text: string | undefined, now = Date.now()): Date | null {
  if (text === undefined) return null
  const at = new Date(text)
  // `2026-02-31T…` parses to NaN or to another day: either way not the time asked.
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== text.slice(0, 19)) throw badRequest(FROM_MSG)
  if (at.getTime() < now - COHORT_FROM_HOURS * 3_600_000 || at.getTime() > now + 60_000) throw badRequest(FROM_MSG)
  return at
}

export const opsRoutes: FastifyPluginAsync<OpsRoutesOptions> = async (app, { db, opsToken, known, attempts }) => {
  const health = healthReads(db)
  const expected = opsToken ? digest(checkedOpsToken(opsToken)!) : null
  app.addHook('onClose', () => health.close())
  app.addHook('onRequest', async (request, reply) => {
    if (!expected) {
      if (isProduction()) throw notFound('接口不存在')
      return
    }
    const names = [...new URLSearchParams(request.url.split('?')[1] ?? '').keys()]
    if (names.some((name) => CREDENTIAL_PARAM.test(name))) throw badRequest(OPS_TOKEN_IN_URL_MSG)
    await attempts?.beforeCheck.call(app, request, reply)
    if (!holdsToken(request, expected)) {
      await attempts?.countFailure(request)
      throw unauthorized(OPS_TOKEN_MSG)
    }
  })
  app.get<{ Querystring: { since?: string; route?: string; from?: string } }>(
    '/ops/release-health',
    { schema: { querystring: healthQuery, response: replies(healthReplySchema) } },
    async (request, reply) => {
      const since = Number(request.query.since ?? HEALTH_DEFAULT_HOURS)
      if (since > HEALTH_MAX_HOURS) throw badRequest(`参数 since 应为 1 到 ${HEALTH_MAX_HOURS} 之间的小时数`)
      const from = cohortsFrom(request.query.from)
      const body = await health.read(since, request.query.route ?? null, from)
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
