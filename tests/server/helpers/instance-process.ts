/**
 * One instance of the server as its own process, for the tests that kill instances
 * (tests/server/import-under-kills.test.ts): the app on `DATABASE_URL` with its own `DATA_DIR`, the
 * development routes on, the import queue's timings from `IMPORT_JOBS` (JSON), listening on a free
 * loopback port, which it prints as `listening <url>`. SIGTERM closes it as a deploy would (the
 * running slices hand over), then it exits 0.
 */
import { buildApp } from '../../../server/app'
import { openDb } from '../../../server/db/open-db'

const db = await openDb({ databaseUrl: process.env.DATABASE_URL! })
const app = await buildApp({
  db,
  dataDir: process.env.DATA_DIR!,
  devRoutes: true,
  rateLimits: false,
  importJobs: JSON.parse(process.env.IMPORT_JOBS ?? '{}') as object,
})
const url = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`listening ${url}`)
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('closing failed:', error)
        process.exit(1)
      },
    )
})
