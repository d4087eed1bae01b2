/**
 * `npm run seed`: writes or restores the demo data (idempotent; user-created rows are kept).
 *   DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite)
 */
import { openDb } from './db/open-db'
import { DEFAULT_DATA_DIR } from './paths'
import { seed } from './seed/seed'

const db = await openDb({ dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR, databaseUrl: process.env.DATABASE_URL || undefined })
try {
  await seed(db)
  console.log('Demo data seeded.')
} finally {
  await db.close()
}
