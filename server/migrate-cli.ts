/**
 * `npm run migrate`: brings the database's schema up to date (migrations/NNN_*.sql, then pg-boss's own
 * schema: db/job-schema.ts), then exits. A
 * deploy step of its own, run once before the instances start: a production start only checks that
 * nothing is pending (start.ts), so several instances never race to change the schema. The demo
 * (`npm start`) migrates by itself.
 *   DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite)
 */
import { migrateAll, openDb } from './db/open-db'
import { DEFAULT_DATA_DIR } from './paths'
import { StartRefusal } from './start-refusal'

const databaseUrl = process.env.DATABASE_URL || undefined
try {
  const db = await openDb({ dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR, databaseUrl, migrate: false })
  try {
    const applied = await migrateAll(db)
    console.log(applied.length > 0 ? `Migrated: ${applied.join(', ')}` : 'The database is up to date.')
  } finally {
    await db.close()
  }
} catch (error) {
  if (!(error instanceof StartRefusal)) throw error
  console.error(`Cannot migrate: ${error.message}`)
  process.exit(1)
}
