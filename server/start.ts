import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import type { LogSink } from './http/request-log'
import { openDb } from './db/open-db'
import { DEFAULT_DATA_DIR } from './paths'
import { seedIfEmpty } from './seed/seed'

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
  /**
   * The development-only routes (server/dev/, e.g. the fake host's cloud-drive grant). On by default:
   * this is the reference server of `npm start` and the browser tests; `NODE_ENV=production` leaves
   * them out whatever this says.
   */
  devRoutes?: boolean
  /** The fake host (`?fakeHost=app`); on by default, like `devRoutes`, and out with `NODE_ENV=production`. */
  fakeHost?: boolean
}

/** A running server. */
export interface RunningServer {
  /** `http://host:port` with the real port. */
  url: string
  app: FastifyInstance
  /** Stops listening and closes the database. */
  close(): Promise<void>
}

/**
 * Opens the database (migrating it), seeds the demo data on first start, and listens.
 * Used by `server/main.ts` and by the browser tests.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    dataDir = DEFAULT_DATA_DIR,
    distDir,
    databaseUrl,
    logger = false,
    corsOrigins = [],
    devRoutes = true,
    fakeHost = true,
  } = options
  const db = await openDb({ dataDir, databaseUrl })
  try {
    await seedIfEmpty(db)
    const app = await buildApp({ db, dataDir, distDir, logger, corsOrigins, devRoutes, fakeHost })
    await app.listen({ port, host })
    const address = app.server.address()
    const realPort = typeof address === 'object' && address ? address.port : port
    const shownHost = host.includes(':') ? `[${host}]` : host
    return {
      url: `http://${shownHost}:${realPort}`,
      app,
      async close() {
        await app.close()
        await db.close()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}
