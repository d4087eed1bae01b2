/**
 * `npm start` / `npm run serve`: the reference server with pages, API and demo data.
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite),
 *   CORS_ORIGINS (pages' origins allowed to call the API from elsewhere),
 *   DEV_ROUTES (on; `off` leaves out the development-only routes of server/dev/ and the fake host),
 *   NODE_ENV (`production` always leaves them out: server/dev-mode.ts)
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } from './paths'
import { demoLinkGroups, demoLinkUrl } from './demo-links'
import { devMode } from './dev-mode'
import { parseCorsOrigins } from './http/cors'
import { isPortFree, isPortInUse, portInUseMessage } from './port-in-use'
import { DEMO_TOKENS } from './seed/demo'
import { startServer } from './start'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR
const databaseUrl = process.env.DATABASE_URL || undefined
const dev = devMode()

// Before the database opens (seconds on a first start): a busy port says so at once.
if (port !== 0 && !(await isPortFree(port, host))) {
  console.error(portInUseMessage(port))
  process.exit(1)
}
const server = await startServer({
  port,
  host,
  dataDir,
  databaseUrl,
  distDir: DEFAULT_DIST_DIR,
  logger: (line) => console.log(line),
  corsOrigins: parseCorsOrigins(process.env.CORS_ORIGINS),
  devRoutes: dev.on,
  fakeHost: dev.on,
}).catch((error: unknown) => {
  // Taken since server/check-port.ts looked (or started with `npm run serve`): one line, no stack trace.
  if (!isPortInUse(error)) throw error
  console.error(portInUseMessage(port))
  process.exit(1)
})
// 0.0.0.0 / :: listen everywhere; a browser on this machine reaches them through loopback.
const base = server.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:')
const lines = [
  `Reference server on ${base}  (${databaseUrl ? 'PostgreSQL' : `PGlite in ${join(dataDir, 'pglite')}`})`,
  existsSync(DEFAULT_DIST_DIR) ? '' : '  ! dist/ is missing: pages answer 503 until you run `npm run build` (the API works).',
  '',
  ...dev.banner,
  ...demoLinkGroups(DEFAULT_DIST_DIR, { fakeHost: dev.on }).flatMap(({ heading, links }) => [
    '',
    heading,
    ...links.map((link) => `  ${link.label.padEnd(19)} ${demoLinkUrl(base, link)}`),
  ]),
  '',
  `Tokens: VIP ${DEMO_TOKENS.vip} (小米妈妈)   basic ${DEMO_TOKENS.basic} (乐乐爸爸)`,
  `  permanent VIP ${DEMO_TOKENS.permanent} (豆豆奶奶)   not a member, no content ${DEMO_TOKENS.trial} (朵朵妈妈)`,
  `  curl -H 'Authorization: Bearer ${DEMO_TOKENS.vip}' ${base}/v1/directory/0`,
]
console.log(lines.filter((line, i) => line !== '' || lines[i - 1] !== '').join('\n'))

const stop = () => {
  void server.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
