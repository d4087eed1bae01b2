/**
 * CORS for the production layout: pages on the CDN's origin, the API on its own (README, "Putting it on
 * a CDN"; docs/contracts/api.md, "Where the API and the pages live apart"). Only origins in the allowlist
 * (`CORS_ORIGINS`, comma-separated, exact `scheme://host[:port]`) get CORS headers: on the API (`/v1/`),
 * and on the files its replies name (`/media/`, `/uploads/`), which the pages fetch to prefetch a clip.
 * A preflight from any other origin is refused with 403 and no CORS header, so the browser sends
 * nothing. The pages themselves are unaffected.
 */
import type { FastifyInstance } from 'fastify'

const MAX_AGE_S = '600'

/** What a page may send, by kind of path: the API's calls, and a read of a file (a prefetch may ask for a range). */
const API = { methods: 'GET, POST', headers: 'Authorization, X-App-Id, Content-Type' }
const FILES = { methods: 'GET, HEAD', headers: 'Range' }

/**
 * The origin of the iOS app's pages on its own URL scheme (`kids-h5://h5.example.com`, docs/app-integration.md):
 * WebKit sends it as `Origin`, though the URL standard gives such a URL the opaque origin `null`.
 */
const APP_SCHEME_ORIGIN =
  /^(?!(?:https?|file|data|blob|javascript|about|ws|wss|ftp):)[a-z][a-z0-9+.-]*:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/

/** `CORS_ORIGINS` as a list of origins (`https://h5.example.com,http://localhost:5173,kids-h5://h5.example.com`); bad entries are dropped. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      if (APP_SCHEME_ORIGIN.test(entry)) return true
      try {
        return entry !== '' && new URL(entry).origin === entry
      } catch {
        return false
      }
    })
}

const isApi = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')
const isFile = (url: string) => url.startsWith('/media/') || url.startsWith('/uploads/')

function rulesFor(url: string): typeof API | null {
  if (isApi(url)) return API
  return isFile(url) ? FILES : null
}

export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins)
  app.addHook('onRequest', async (request, reply) => {
    const rules = rulesFor(request.url)
    if (!rules) return
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    const known = typeof origin === 'string' && allowed.has(origin)
    if (known) reply.header('access-control-allow-origin', origin)
    if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return
    // A preflight: answered here, before authentication (it carries no credentials).
    if (!known) return reply.code(403).send({ result: 'FORBIDDEN', data: null, msg: '不允许的来源' })
    return reply
      .code(204)
      .header('access-control-allow-methods', rules.methods)
      .header('access-control-allow-headers', rules.headers)
      .header('access-control-max-age', MAX_AGE_S)
      .send()
  })
}
