/**
 * One instance for the two-instance bench (two-instances.ts), in a process of its own: the app on
 * DATABASE_URL with its own DATA_DIR, the demo's development routes (for the imports' grant), rate
 * limits as the server has them unless RATE_LIMITS=off; prints `LISTENING <url>`.
 */
import { buildApp } from '../../server/app.ts'
import { openDb } from '../../server/db/open-db.ts'

const db = await openDb({ databaseUrl: process.env.DATABASE_URL })
const app = await buildApp({
  db,
  dataDir: process.env.DATA_DIR!,
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
