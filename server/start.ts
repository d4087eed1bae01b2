import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from './app'
import { emptyCatalogWarning } from './catalog/catalog-check'
import type { TokenVerifier } from './auth/token-verifier'
import type { JobTimings } from './cloud-drive/job-queue'
import type { Db } from './db/db'
import { openDb, pendingSchema } from './db/open-db'
import { describeError } from './db/pg-db'
import { isProduction } from './dev-mode'
import { drain, DEFAULT_SHUTDOWN_GRACE_S, type DrainResult } from './http/drain'
import type { LogFormat, LogSink } from './http/request-log'
import { DEFAULT_DATA_DIR, DEMO_MEDIA_DIR } from './paths'
import { hasTokenUsers } from './repositories/users-repository'
import { seedIfEmpty } from './seed/seed'
import { diskStorage } from './uploads/disk-storage'
import { s3Storage } from './uploads/s3-storage'
import { StartRefusal } from './start-refusal'

export interface StartServerOptions {
  /** 0 = any free port. */
  port?: number
  host?: string
  /** Database (PGlite) and uploads; default `.data/` at the repo root. */
  dataDir?: string
  /** The built pages; default `dist/`. */
  distDir?: string
  /** Use this PostgreSQL instead of PGlite. */
  databaseUrl?: string
  /** Origins allowed to call the API from their pages (CORS). */
  corsOrigins?: readonly string[]
  /** Where the request log goes; none by default. */
  logger?: LogSink | false
  /** `LOG_FORMAT`: lines (default) or JSON records. */
  logFormat?: LogFormat
  /**
   * The development-only routes (server/dev/, e.g. the fake host's cloud-drive grant). On by default:
   * this is the reference server of `npm start` and the browser tests; `NODE_ENV=production` leaves
   * them out whatever this says.
   */
  devRoutes?: boolean
  /** The fake host (`?fakeHost=app`); on by default, like `devRoutes`, and out with `NODE_ENV=production`. */
  fakeHost?: boolean
  /** Checks the product's signed tokens; required with `NODE_ENV=production` (server/auth/token-verifier.ts). */
  verifier?: TokenVerifier | null
  /** How long a drain waits for the requests in flight (`SHUTDOWN_GRACE_S`), in ms. */
  shutdownGraceMs?: number
  /** `UPLOADS_URL`: `s3://<bucket>/<prefix>` stores uploads in a bucket; none = `<dataDir>/uploads`. */
  uploadsUrl?: string
  /** `UPLOADS_PUBLIC_URL`: the public base (a CDN) in front of the bucket's `<prefix>/`; reads redirect there. */
  uploadsPublicUrl?: string
  /** `IMPORT_JOB_TIMINGS`: the import queue's timings, where they differ from the defaults (cloud-drive/job-queue.ts). */
  importJobs?: Partial<JobTimings>
  /** Which proxies' `X-Forwarded-For` to believe (app.ts); default `TRUST_PROXY`. */
  trustProxy?: BuildAppOptions['trustProxy']
}

/** A running server. */
export interface RunningServer {
  /** `http://host:port` with the real port. */
  url: string
  app: FastifyInstance
  /** Stops listening and closes the database. */
  close(): Promise<void>
  /** SIGTERM: `/readyz` 503, new requests refused, the ones in flight finished within the grace, then closed (http/drain.ts). */
  drain(): Promise<DrainResult>
}

/**
 * What a production start requires of its database, each refused with one line: every migration applied
 * (by `npm run migrate`, a step of the deploy: instances never race to change the schema), and no demo
 * users (a database `npm start` or `npm run seed` wrote: their fixed tokens are public).
 */
async function checkProductionDb(db: Db): Promise<void> {
  const pending = await pendingSchema(db)
  if (pending.length > 0) {
    throw new StartRefusal(`the database is not migrated (${pending.join(', ')} pending): run \`npm run migrate\` first`)
  }
  if (await hasTokenUsers(db)) {
    throw new StartRefusal('the database holds the demo users (npm start / npm run seed wrote it): production needs a database of its own')
  }
}

/**
 * Opens the database and listens. The demo (`npm start`, the browser tests) migrates it and seeds the
 * demo data on first start; a production start (`NODE_ENV=production`) does neither and refuses, with one
 * line, to start without a sign-in or on a database that is not migrated. Used by `server/main.ts` and by
 * the browser tests.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    dataDir = DEFAULT_DATA_DIR,
    distDir,
    databaseUrl,
    logger = false,
    logFormat = 'lines',
    corsOrigins = [],
    devRoutes = true,
    fakeHost = true,
    verifier = null,
    shutdownGraceMs = DEFAULT_SHUTDOWN_GRACE_S * 1000,
    uploadsUrl,
    uploadsPublicUrl,
    importJobs,
  } = options
  const production = isProduction()
  if (production && !verifier) {
    throw new StartRefusal(
      'NODE_ENV=production needs the sign-in: set AUTH_JWT_SECRET (HS256) or AUTH_JWKS_URL, with AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE',
    )
  }
  if (uploadsUrl !== undefined && !uploadsUrl.startsWith('s3://'))
    throw new StartRefusal(`UPLOADS_URL must be s3://<bucket>/<prefix>: ${uploadsUrl}`)
  if (uploadsPublicUrl !== undefined && uploadsUrl === undefined)
    throw new StartRefusal('UPLOADS_PUBLIC_URL needs UPLOADS_URL (s3://<bucket>/<prefix>)')
  let app: FastifyInstance | undefined
  // Before the database: a bucket that cannot be reached is refused at once.
  const storage = uploadsUrl
    ? await s3Storage({ url: uploadsUrl, publicUrl: uploadsPublicUrl, partsDir: join(dataDir, 'upload-parts') })
    : diskStorage(join(dataDir, 'uploads'))
  // The demo on a bucket keeps its media there too (only what the bucket lacks: nothing on a later start).
  // Production has no demo content, and copies none.
  if (!production) {
    await storage.publishMedia(DEMO_MEDIA_DIR).catch(async (error: unknown) => {
      await storage.close()
      throw new StartRefusal(`UPLOADS_URL ${uploadsUrl}: the demo media cannot be copied to the bucket (${(error as Error).message})`)
    })
  }
  const db = await openDb({
    dataDir,
    databaseUrl,
    migrate: !production,
    onConnectionError: (error) => {
      const line = `PostgreSQL connection lost (${describeError(error)}); the next statement reconnects`
      if (app) app.log.warn(line)
      else console.warn(line)
    },
  })
  try {
    if (production) await checkProductionDb(db)
    else await seedIfEmpty(db)
    app = await buildApp({
      db,
      dataDir,
      distDir,
      logger,
      logFormat,
      corsOrigins,
      devRoutes,
      fakeHost,
      verifier,
      storage,
      importJobs,
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    })
    // Production is never seeded: until ops import the catalogue, one line says so (not a refusal).
    const catalogWarning = production ? await emptyCatalogWarning(db) : null
    if (catalogWarning) app.log.warn(catalogWarning)
    await app.listen({ port, host })
    const address = app.server.address()
    const realPort = typeof address === 'object' && address ? address.port : port
    const shownHost = host.includes(':') ? `[${host}]` : host
    const running = app
    return {
      url: `http://${shownHost}:${realPort}`,
      app: running,
      async close() {
        await running.close()
        await db.close()
        await storage.close()
      },
      async drain() {
        // The imports running here are handed over at once (each queues its rest for another instance),
        // while the requests in flight finish: a rolling restart does not wait for them twice.
        const handover = running.importRunner.stop()
        const result = await drain(running, shutdownGraceMs)
        await handover
        await db.close()
        await storage.close()
        return result
      },
    }
  } catch (error) {
    await app?.close()
    await db.close()
    await storage.close()
    throw error
  }
}
