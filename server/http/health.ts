/**
 * `GET /healthz` and `GET /readyz` (docs/contracts/api.md "Health"): for a load balancer or an
 * orchestrator, without a token, saying nothing but yes or no.
 * - `/healthz` 200 while the process runs (restart it when this fails);
 * - `/readyz` 200 when the database answers, every migration is applied, a signed token can be verified
 *   (a key set's keys fetched and fresh; an HS256 secret always can) and the server is not draining
 *   (send it traffic), else 503. The sign-in turning unverifiable, and back, is logged once each way.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { TokenVerifier } from '../auth/token-verifier'
import type { Db } from '../db/db'
import { pendingSchema } from '../db/open-db'
import { ok } from './envelope'
import { UNAVAILABLE_MSG } from './error-handler'

/** How long `/readyz` waits for the database before it says no. */
export const READY_TIMEOUT_MS = 2000

/** What `/readyz` knows beyond the database: set by the shutdown (start.ts). */
export interface Lifecycle {
  /** SIGTERM arrived: finishing the requests in flight, taking no more. */
  draining: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle
  }
}

async function databaseReady(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)))
  // Once more on a failure: the pool may hand out a connection that PostgreSQL ended a moment ago (a
  // restart), which fails at once and is dropped; the second try takes a new one. A read, safe to repeat.
  const check = pendingSchema(db)
    .catch(() => pendingSchema(db))
    .then(
      (pending) => pending.length === 0,
      () => false,
    )
  try {
    return await Promise.race([check, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export interface HealthRoutesOptions {
  /** The database itself, not the fair turns: a probe must not queue behind users' work. */
  db: Db
  /** The sign-in: no key to verify a token with = no use sending this instance users. None (the demo) = ready. */
  verifier: TokenVerifier | null
}

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { db, verifier }) => {
  const noStore = { 'cache-control': 'no-store' }
  let signInWasReady: boolean | null = null
  const signInReady = async () => {
    if (!verifier) return true
    const ready = await verifier.ready().catch(() => false)
    if (ready !== signInWasReady) {
      if (!ready) app.log.warn('/readyz: 503 while no sign-in key can verify a token (AUTH_JWKS_URL cannot be fetched)')
      else if (signInWasReady === false) app.log.info('/readyz: the sign-in key set is fetched again, tokens can be verified')
      signInWasReady = ready
    }
    return ready
  }
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send(ok(null)))
  app.get('/readyz', async (_request, reply) => {
    const [database, signIn] = app.lifecycle.draining ? [false, false] : await Promise.all([databaseReady(db), signInReady()])
    const ready = database && signIn
    if (ready) return reply.headers(noStore).send(ok(null))
    return reply.code(503).headers(noStore).send({ result: 'ERROR', data: null, msg: UNAVAILABLE_MSG })
  })
}
