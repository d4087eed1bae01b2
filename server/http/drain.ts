/**
 * Shutting down without losing a request (issue 40 item 6). On SIGTERM (start.ts `drain`):
 * 1. `/readyz` answers 503 at once, so a load balancer takes the instance out;
 * 2. every new request is refused with 503 `服务繁忙，请稍后再试`, `Retry-After` and `Connection: close`
 *    (it goes to another instance: a proxy retries it, a page offers 重试); `/healthz` still answers;
 * 3. the requests in flight finish, for at most the grace period (`SHUTDOWN_GRACE_S`);
 * 4. then the listener closes, and whatever is still running is cut: an upload still arriving has its
 *    partial file removed and nothing recorded or charged (receive-upload.ts), and its page shows the
 *    upload's failure, to be sent again.
 * The listener stays open through 1–3 so that `/readyz` can say 503 rather than refuse the connection:
 * a balancer that polls it sees the drain, and one that has not yet gets a clean 503 to retry elsewhere.
 */
import type { FastifyInstance } from 'fastify'
import { UNAVAILABLE_MSG } from './error-handler'

/** How long a drain waits for the requests in flight, unless `SHUTDOWN_GRACE_S` says otherwise. */
export const DEFAULT_SHUTDOWN_GRACE_S = 25

const PROBES = new Set(['/healthz', '/readyz'])
const isProbe = (url: string) => PROBES.has(url.split('?')[0]!)

/** How long a drain waits, once it has cut the connections left, for their handlers to clean up (an upload's partial file). */
const CLEANUP_MS = 5000

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests being answered (probes and refused ones left out). */
    inFlight: Set<object>
    /** Route handlers still running: a cut request's handler still has its clean-up to do. */
    handlersRunning: Set<object>
  }
}

/**
 * Counts the requests in flight, and refuses new ones once the app drains. First of the onRequest hooks,
 * and before any route (every handler is wrapped to be counted until it has returned).
 */
export function trackRequests(app: FastifyInstance): void {
  app.decorate('inFlight', new Set<object>())
  app.decorate('handlersRunning', new Set<object>())
  app.addHook('onRoute', (route) => {
    const handler = route.handler
    route.handler = async function (this: FastifyInstance, request, reply) {
      const token = {}
      app.handlersRunning.add(token)
      try {
        return await handler.call(this, request, reply)
      } finally {
        app.handlersRunning.delete(token)
      }
    }
  })
  app.addHook('onRequest', async (request, reply) => {
    if (isProbe(request.url)) return
    if (app.lifecycle.draining) {
      request.failureMsg = UNAVAILABLE_MSG
      return reply
        .code(503)
        .headers({ connection: 'close', 'retry-after': '2' })
        .send({ result: 'ERROR', data: null, msg: UNAVAILABLE_MSG })
    }
    const token = {}
    app.inFlight.add(token)
    // 'close' comes once the reply is sent, or the connection ended before (aborted, or cut by the drain).
    reply.raw.once('close', () => app.inFlight.delete(token))
  })
}

/** What a drain did: how many requests were still running at the bound and were cut. */
export interface DrainResult {
  cut: number
  ms: number
}

/** Steps 1–4 above; resolves once the app is closed. */
export async function drain(app: FastifyInstance, graceMs: number): Promise<DrainResult> {
  const start = performance.now()
  app.lifecycle.draining = true
  const deadline = start + graceMs
  while (app.inFlight.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  const cut = app.inFlight.size
  // Cut what is left: close() alone would wait for it (an upload may take 30 minutes). Their handlers
  // then fail on the closed stream and clean up (a partial upload removed) before the process goes.
  if (cut > 0) {
    app.server.closeAllConnections()
    const cleanupBy = performance.now() + CLEANUP_MS
    while (app.handlersRunning.size > 0 && performance.now() < cleanupBy) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await app.close()
  return { cut, ms: Math.round(performance.now() - start) }
}
