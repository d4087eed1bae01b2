/**
 * The server under load, in a process of its own (the load generator must not share its event loop):
 * the app on `DATABASE_URL` (else PGlite in `DATA_DIR`) with `DATA_DIR`'s uploads, the built pages of
 * `DIST_DIR` (default dist/), the demo's development routes (the imports' grant), and the rate limits
 * unless `RATE_LIMITS=off`; any free loopback port, printed as `LISTENING <url>`. The data is seeded
 * by the bench before (heavy-user.ts).
 */
import { buildApp } from '../../server/app.ts'
import { openDb } from '../../server/db/open-db.ts'

const dataDir = process.env.DATA_DIR!
const db = await openDb({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
const app = await buildApp({
  db,
  dataDir,
  distDir: process.env.DIST_DIR || undefined,
  devRoutes: true,
  ...(process.env.RATE_LIMITS === 'off' ? { rateLimits: false as const } : {}),
})
console.log(`LISTENING ${await app.listen({ port: 0, host: '127.0.0.1' })}`)
const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
