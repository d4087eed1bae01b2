/**
 * `npm start` / `npm run serve`: the reference server with pages, API and demo data.
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite),
 *   CORS_ORIGINS (pages' origins allowed to call the API from elsewhere),
 *   DEV_ROUTES (on; `off` leaves out the development-only routes of server/dev/ and the fake host),
 *   NODE_ENV (`production`: no demo data, tokens or development routes; the sign-in below is required),
 *   AUTH_JWT_SECRET or AUTH_JWKS_URL, AUTH_JWT_ISSUER, AUTH_JWT_AUDIENCE (the product's sign-in),
 *   LOG_FORMAT (`json`: pino's records), SHUTDOWN_GRACE_S (25: how long SIGTERM waits for requests in flight),
 *   UPLOADS_URL (s3://<bucket>/<prefix>: uploads and the demo media in a bucket, with the AWS_* variables of the deploy),
 *   UPLOADS_PUBLIC_URL (the CDN in front of that prefix: /uploads/<name> and /media/<path> redirect there),
 *   IMPORT_JOB_TIMINGS (JSON: the import queue's timings where they differ from the defaults),
 *   OPS_TOKEN (the bearer token of /ops/, at least 32 characters: openssl rand -hex 32)
 * docs/server.md says what each does.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { verifierFromEnv } from './auth/token-verifier'
import { jobTimingsFromEnv } from './cloud-drive/job-queue'
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR } from './paths'
import { demoLinkGroups, demoLinkUrl } from './demo-links'
import { devMode, isProduction } from './dev-mode'
import { parseCorsOrigins } from './http/cors'
import { DEFAULT_SHUTDOWN_GRACE_S } from './http/drain'
import { isPortFree, isPortInUse, portInUseMessage } from './port-in-use'
import { DEMO_TOKENS } from './seed/demo'
import { startServer } from './start'
import { checkedOpsToken } from './telemetry/ops-routes'
import { StartRefusal } from './start-refusal'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR
const databaseUrl = process.env.DATABASE_URL || undefined
const json = process.env.LOG_FORMAT === 'json'
const dev = devMode()
const production = isProduction()

/** A line of our own (the banner, a refusal) in the log's format. */
const say = (line: string, level = 30) =>
  json ? console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: line })) : console.log(line)
const refuse = (line: string): never => {
  if (json) say(line, 60)
  else console.error(line)
  process.exit(1)
}

const grace = Number(process.env.SHUTDOWN_GRACE_S ?? DEFAULT_SHUTDOWN_GRACE_S)
if (!Number.isFinite(grace) || grace < 0) refuse(`SHUTDOWN_GRACE_S must be a number of seconds, not ${process.env.SHUTDOWN_GRACE_S}`)

/** What the environment configures, or the start refused with one line. */
const fromEnv = <T>(read: () => T): T => {
  try {
    return read()
  } catch (error) {
    if (error instanceof StartRefusal) return refuse(`Cannot start: ${error.message}`)
    throw error
  }
}
const verifier = fromEnv(() => verifierFromEnv())
const importJobs = fromEnv(() => jobTimingsFromEnv())
fromEnv(() => checkedOpsToken())

// Before the database opens (seconds on a first start): a busy port says so at once.
if (port !== 0 && !(await isPortFree(port, host))) refuse(portInUseMessage(port))

const server = await startServer({
  port,
  host,
  dataDir,
  databaseUrl,
  distDir: DEFAULT_DIST_DIR,
  logger: (line) => console.log(line),
  logFormat: json ? 'json' : 'lines',
  corsOrigins: parseCorsOrigins(process.env.CORS_ORIGINS),
  devRoutes: dev.on,
  fakeHost: dev.on,
  verifier,
  shutdownGraceMs: grace * 1000,
  uploadsUrl: process.env.UPLOADS_URL || undefined,
  uploadsPublicUrl: process.env.UPLOADS_PUBLIC_URL || undefined,
  importJobs,
}).catch((error: unknown) => {
  // Taken since server/check-port.ts looked (or started with `npm run serve`): one line, no stack trace.
  if (isPortInUse(error)) return refuse(portInUseMessage(port))
  // No sign-in, an unmigrated database, a disk too small: one line saying what to do.
  if (error instanceof StartRefusal) return refuse(`Cannot start: ${error.message}`)
  throw error
})
// 0.0.0.0 / :: listen everywhere; a browser on this machine reaches them through loopback.
const base = server.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:')
const store = databaseUrl ? 'PostgreSQL' : `PGlite in ${join(dataDir, 'pglite')}`
const lines = production
  ? [`Reference server on ${base}  (${store}; production: signed tokens only, no demo data)`]
  : [
      `Reference server on ${base}  (${store})`,
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
const banner = lines.filter((line, i) => line !== '' || lines[i - 1] !== '').join('\n')
if (json) say(banner.split('\n')[0]!)
else console.log(banner)

// SIGTERM (an orchestrator, a rolling restart): drain (http/drain.ts). SIGINT (Ctrl-C) the same. A
// second signal while draining exits at once.
let stopping = false
const stop = (signal: string) => {
  if (stopping) process.exit(1)
  stopping = true
  say(`${signal}: draining (up to ${grace} s for the requests in flight)`)
  server.drain().then(
    ({ cut, ms }) => {
      say(cut > 0 ? `stopped after ${ms} ms; ${cut} request(s) still running were cut` : `stopped after ${ms} ms`)
      process.exit(0)
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
