/**
 * CORS for the API, for the production layout: pages on the CDN's origin, the API on its own
 * (docs: README "API on another origin"). Only origins in the allowlist (`CORS_ORIGINS`, comma-separated,
 * exact `scheme://host[:port]`) get CORS headers; a preflight from any other origin is refused with 403
 * and no CORS header, so the browser sends nothing. Pages, media and uploads are unaffected.
 */
import type { FastifyInstance } from 'fastify'

const ALLOWED_METHODS = 'GET, POST'
const ALLOWED_HEADERS = 'Authorization, X-App-Id, Content-Type'
const MAX_AGE_S = '600'

/** `CORS_ORIGINS` as a list of origins (`https://h5.example.com,http://localhost:5173`); bad entries are dropped. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      try {
        return entry !== '' && new URL(entry).origin === entry
      } catch {
        return false
      }
    })
}

const isApi = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')

export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins)
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    const known = typeof origin === 'string' && allowed.has(origin)
    if (known) reply.header('access-control-allow-origin', origin)
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return
    // A preflight: answered here, before authentication (it carries no credentials).
    if (!known) return reply.code(403).send({ result: 'FORBIDDEN', data: null, msg: '不允许的来源' })
    return reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', MAX_AGE_S)
      .send()
  })
}
