import { join } from 'node:path'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { TokenVerifier } from './auth/token-verifier'
import { baiduConfigFromEnv, createBaiduProvider, NO_DRIVE_NAME, noDriveProvider } from './cloud-drive/baidu/baidu-provider'
import { createDemoProvider } from './cloud-drive/demo/demo-provider'
import { ImportRunner } from './cloud-drive/import-runner'
import type { JobTimings } from './cloud-drive/job-queue'
import type { CloudDriveProvider } from './cloud-drive/provider'
import type { Db } from './db/db'
import { fairDb } from './db/fair-db'
import { isProduction } from './dev-mode'
import { StartRefusal } from './start-refusal'
import { cloudDriveDevRoutes } from './dev/cloud-drive-dev-routes'
import { authenticate } from './http/auth'
import { answerClientError, requireHost } from './http/client-errors'
import { installCors } from './http/cors'
import { frameworkErrors, installErrorHandling } from './http/error-handler'
import { trackRequests } from './http/drain'
import { healthRoutes } from './http/health'
import { rejectNul } from './http/reject-nul'
import { laneRequests } from './http/request-lanes'
import { parseJsonAsUtf8 } from './http/utf8-json'
import { jsonLogger, logRequests, requestId, terminalLogger, type LogFormat, type LogSink } from './http/request-log'
import { DEFAULT_TIME_LIMITS, limitBodyTime, serverTimeouts, type TimeLimits } from './http/time-limits'
import { formatSchemaErrors } from './http/validation-messages'
import { spaceDevRoutes } from './dev/space-dev-routes'
import { vipDevRoutes } from './dev/vip-dev-routes'
import { DEFAULT_DIST_DIR } from './paths'
import { bookCreationRoutes } from './routes/book-creation-routes'
import { cloudDriveRoutes } from './routes/cloud-drive-routes'
import { directoryRoutes } from './routes/directory-routes'
import { shareRoutes } from './routes/share-routes'
import { spaceRoutes } from './routes/space-routes'
import { uploadRoutes } from './routes/upload-routes'
import { vipRoutes } from './routes/vip-routes'
import { scheduleUploadCollection } from './uploads/collect-uploads'
import { diskStorage } from './uploads/disk-storage'
import type { UploadStorage } from './uploads/storage'
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './uploads/receive-upload'
import { DEFAULT_RATE_LIMITS, installRateLimits, type RateLimits } from './rate-limit/rate-limits'
import { checkedOpsToken, opsRoutes } from './telemetry/ops-routes'
import { demoKnownReleases, knownReleases, registerServedBuild, servedBuild } from './telemetry/releases'
import { retentionDaysFromEnv, scheduleTelemetryMaintenance } from './telemetry/retention'
import { databaseSink, type TelemetrySink } from './telemetry/sink'
import { sourceKeys } from './telemetry/source-key'
import { diskReserveCheck, sourceBudgetFromEnv, type DiskSpace } from './telemetry/storage-bounds'
import { telemetryRoutes } from './telemetry/telemetry-routes'
import { pageRoutes } from './web/page-routes'
import { installCompression } from './web/compression'
import { securityHeaders } from './web/security-headers'
import { staticRoutes } from './web/static-routes'

export interface BuildAppOptions {
  db: Db
  /** Holds `uploads/` on disk (and, for PGlite, the database, opened by the caller). */
  dataDir: string
  /** Where uploads are stored: `<dataDir>/uploads` on disk by default, or a bucket (`uploads/s3-storage.ts`). */
  storage?: UploadStorage
  /** The built pages; default `dist/` at the repo root. */
  distDir?: string
  /** Where the request log goes (`npm start`: stdout); none by default. */
  logger?: LogSink | false
  /** `lines` (default): one readable line per request; `json`: pino's records (`LOG_FORMAT=json`). */
  logFormat?: LogFormat
  /** Origins whose pages may call the API from another origin (CORS allowlist); none by default. */
  corsOrigins?: readonly string[]
  /** Upload size limits; the contract's by default (tests lower them). */
  uploadLimits?: UploadLimits
  /** How long headers, bodies and idle connections may take; docs/server.md's by default (tests lower them). */
  timeLimits?: TimeLimits
  /**
   * The cloud drive imports read from; default Baidu Netdisk when BAIDU_* configure it, else the demo
   * drive in `<dataDir>/cloud-drive-demo` (not with NODE_ENV=production: no drive then, calls answer 503).
   */
  cloudDrive?: CloudDriveProvider
  /**
   * Development-only routes under `/v1/dev/` (server/dev/): grant or expire the demo cloud drive, buy
   * a membership for free, for the fake host and tests. Off unless asked for; never with
   * `NODE_ENV=production` (see `isProduction`).
   */
  devRoutes?: boolean
  /**
   * The fake host: `/__fake-host.js` and its injection into pages (`?fakeHost=app`). Off unless asked
   * for; never with `NODE_ENV=production`.
   */
  fakeHost?: boolean
  /**
   * Checks the product's signed tokens (server/auth/token-verifier.ts); none by default. With
   * `NODE_ENV=production` it is the only way in: the demo users' fixed tokens are refused.
   */
  verifier?: TokenVerifier | null
  /** Rate limits shared by every instance (server/rate-limit/); the defaults unless given; `false` = none. */
  rateLimits?: RateLimits | false
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (Fastify's `trustProxy`):
   * default `TRUST_PROXY` (a hop count, or addresses/CIDRs, comma-separated; `true` is refused), else none.
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean)
  /** How import jobs are sliced, expired and polled (cloud-drive/job-queue.ts); docs/server.md's by default. */
  importJobs?: Partial<JobTimings>
  /** Where field reports go (server/telemetry/sink.ts); default the database. */
  telemetrySink?: TelemetrySink
  /** Bytes a source may store a day in field reports; default `TELEMETRY_SOURCE_BUDGET_MB`, else 4 MB. */
  telemetrySourceBudgetBytes?: number
  /** The data disk's free and total bytes (tests stand in a small disk); default statfs of `dataDir`. */
  diskSpace?: (dir: string) => DiskSpace
  /** Days field reports are kept; default `TELEMETRY_RETENTION_DAYS`, else 30. */
  telemetryRetentionDays?: number
  /** The token of `/ops/` (release health); default `OPS_TOKEN`. */
  opsToken?: string
}

/**
 * `TRUST_PROXY` as Fastify's `trustProxy` (a hop count as the function Fastify takes for it). `true` is
 * refused: it believes the whole `X-Forwarded-For` a client sends, so any client would choose its own
 * address, past the per-address limits and the field reports' sources.
 */
export function trustProxyFromEnv(value = process.env.TRUST_PROXY): NonNullable<BuildAppOptions['trustProxy']> {
  if (!value || value === 'false') return false
  if (value === 'true')
    throw new StartRefusal(
      'TRUST_PROXY=true would let any client choose its address in X-Forwarded-For: set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    )
  if (!/^\d+$/.test(value)) return value
  const hops = Number(value)
  return (_address, hop) => hop < hops
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs cloud-drive import jobs (tests wait on `importRunner.idle()`). */
    importRunner: ImportRunner
  }
}

/**
 * The cloud drive of a start that passes none: Baidu Netdisk when BAIDU_* configure it (refused with one
 * line when incomplete), else the demo drive — but never in production, which then has no drive.
 */
function defaultCloudDrive(dataDir: string): CloudDriveProvider {
  const baidu = baiduConfigFromEnv(process.env)
  if (baidu) return createBaiduProvider(baidu)
  if (isProduction()) return noDriveProvider()
  return createDemoProvider(join(dataDir, 'cloud-drive-demo'))
}

/**
 * Builds the reference server: the API of docs/contracts/api.md, the demo media, uploads, the fake
 * host script and the built pages. Does not listen; call `listen` or use `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { dataDir, distDir = DEFAULT_DIST_DIR, logger = false } = options
  // Users take turns at the database (one user's burst must not queue ahead of everyone else).
  const db = fairDb(options.db)
  const devRoutes = options.devRoutes === true && !isProduction()
  const fakeHost = options.fakeHost === true && !isProduction()
  const storage = options.storage ?? diskStorage(join(dataDir, 'uploads'))

  const timeLimits = options.timeLimits ?? DEFAULT_TIME_LIMITS
  const app = Fastify({
    ...serverTimeouts(timeLimits),
    clientErrorHandler: answerClientError,
    logger: logger ? (options.logFormat === 'json' ? jsonLogger : terminalLogger)(logger) : false,
    genReqId: requestId,
    // One line per request (request-log.ts) instead of Fastify's two JSON records.
    logController: new LogController({ disableRequestLogging: true }),
    // Wrong types are errors, not something to coerce: `"title": 123` is a 400, not "123".
    // Path and query values are strings anyway; their schemas check them by pattern.
    ajv: { customOptions: { coerceTypes: false } },
    schemaErrorFormatter: formatSchemaErrors,
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    // A drain refuses new requests with our own envelope (http/drain.ts), not Fastify's English 503.
    return503OnClosing: false,
    // The per-address limits need the client's address, not the load balancer's.
    trustProxy: options.trustProxy ?? trustProxyFromEnv(),
  })
  app.decorate('lifecycle', { draining: false })
  trackRequests(app)
  app.decorateRequest('currentUser', null)
  app.decorateRequest('failureMsg', null)
  // Before the lanes and every other hook: a caller past a limit costs nothing more.
  const limits = await installRateLimits(app, options.db, options.rateLimits ?? DEFAULT_RATE_LIMITS, {
    verifier: options.verifier ?? null,
  })
  app.addHook('onRequest', limits.perClient)
  laneRequests(app)
  limitBodyTime(app, timeLimits, (url) => url === '/v1/upload' || url.startsWith('/v1/upload?'))
  app.addHook('onRequest', requireHost)
  if (logger) logRequests(app)
  const uploadLimits = options.uploadLimits ?? DEFAULT_UPLOAD_LIMITS
  const cloudDrive = options.cloudDrive ?? defaultCloudDrive(dataDir)
  if (cloudDrive.name === NO_DRIVE_NAME) {
    app.log.warn('no cloud drive configured (BAIDU_CLIENT_ID, BAIDU_CLIENT_SECRET, BAIDU_REDIRECT_URI): /v1/cloudDrive/* answer 503')
  }
  const importRunner = new ImportRunner({
    db,
    provider: cloudDrive,
    storage,
    limits: uploadLimits,
    log: app.log,
    timings: options.importJobs,
  })
  // The job queue starts with the server (its workers take the slices of any instance's imports);
  // closing hands the running slices over, before the caller closes the database.
  // A database that cannot answer yet must not keep the server from starting: every request then
  // fails with its logged 500, and the jobs go on from another instance or the next start.
  app.addHook('onReady', () => importRunner.start().catch((err: unknown) => app.log.error({ err }, 'starting the import queue failed')))
  app.addHook('onClose', () => importRunner.stop())
  scheduleUploadCollection(app, db, storage)
  scheduleTelemetryMaintenance(app, db, options.telemetryRetentionDays ?? retentionDaysFromEnv())
  // Only releases a deploy made live count (server/telemetry/releases.ts); the demo's is the build it serves.
  const known = isProduction() ? knownReleases(db) : demoKnownReleases(db, distDir)
  if (!isProduction())
    app.addHook('onReady', () =>
      registerServedBuild(db, servedBuild(distDir)).catch((err: unknown) => app.log.warn({ err }, 'registering the served build failed')),
    )
  const telemetrySink =
    options.telemetrySink ??
    databaseSink(db, {
      sourceBudgetBytes: options.telemetrySourceBudgetBytes ?? sourceBudgetFromEnv(),
      belowReserve: diskReserveCheck(dataDir, options.diskSpace),
    })
  app.addHook('onClose', () => telemetrySink.idle())
  app.decorate('importRunner', importRunner)
  installErrorHandling(app)
  parseJsonAsUtf8(app)
  securityHeaders(app)
  installCors(app, options.corsOrigins ?? [])
  // Before every route: the plugin hooks each route as it is added (after the headers' hook, which reads the HTML).
  await installCompression(app)

  await app.register(healthRoutes, { db: options.db, verifier: options.verifier ?? null })
  await app.register(staticRoutes, { storage, fakeHost, demoMedia: !isProduction() })
  await app.register(async (api) => {
    // Before every schema and handler of the API (pages keep their query strings untouched).
    api.addHook('preValidation', rejectNul)
    await api.register(shareRoutes, { db })
    await api.register(telemetryRoutes, { db, sink: telemetrySink, known, sources: sourceKeys(db) })
    await api.register(async (signedIn) => {
      signedIn.addHook('onRequest', limits.beforeSignIn)
      signedIn.addHook('onRequest', authenticate({ db, verifier: options.verifier ?? null, demoTokens: !isProduction() }))
      signedIn.addHook('onRequest', limits.perUser)
      signedIn.addHook('onSend', limits.countSignInFailure)
      await signedIn.register(directoryRoutes, { db })
      await signedIn.register(bookCreationRoutes, { db, storage })
      await signedIn.register(spaceRoutes, { db })
      await signedIn.register(uploadRoutes, { db, storage, limits: uploadLimits })
      await signedIn.register(cloudDriveRoutes, { db, provider: cloudDrive, runner: importRunner })
      await signedIn.register(vipRoutes, { db })
      if (devRoutes) {
        await signedIn.register(cloudDriveDevRoutes, { db, provider: cloudDrive })
        await signedIn.register(vipDevRoutes, { db })
        await signedIn.register(spaceDevRoutes, { db })
      }
    })
  })
  await app.register(opsRoutes, { db, known, opsToken: checkedOpsToken(options.opsToken ?? process.env.OPS_TOKEN), attempts: limits.ops })
  await app.register(pageRoutes, { distDir, fakeHost })
  return app
}
