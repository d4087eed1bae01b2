/**
 * `GET /healthz` and `GET /readyz` (docs/contracts/api.md "Health"): for a load balancer or an
 * orchestrator, without a token, saying nothing but yes or no.
 * - `/healthz` 200 while the process runs (restart it when this fails);
 * - `/readyz` 200 when the database answers, every migration is applied and the server is not draining
 *   (send it traffic), else 503.
 */
import type { FastifyPluginAsync } from 'fastify'
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
}

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { db }) => {
  const noStore = { 'cache-control': 'no-store' }
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send(ok(null)))
  app.get('/readyz', async (_request, reply) => {
    const ready = !app.lifecycle.draining && (await databaseReady(db))
    if (ready) return reply.headers(noStore).send(ok(null))
    return reply.code(503).headers(noStore).send({ result: 'ERROR', data: null, msg: UNAVAILABLE_MSG })
  })
}
