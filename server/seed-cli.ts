/**
 * `npm run seed`: writes or restores the demo data (idempotent; user-created rows are kept).
 *   DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite)
 * Migrates first, as the demo start does. Refused with NODE_ENV=production: demo users, their public
 * tokens and demo content never exist there.
 */
import { join } from 'node:path'
import { seedDemoDrive } from './cloud-drive/demo/seed-demo-drive'
import { openDb } from './db/open-db'
import { isProduction } from './dev-mode'
import { DEFAULT_DATA_DIR } from './paths'
import { seed } from './seed/seed'

if (isProduction()) {
  console.error('npm run seed writes the demo users (public tokens) and content: not with NODE_ENV=production')
  process.exit(1)
}
const dataDir = process.env.DATA_DIR ?? DEFAULT_DATA_DIR
seedDemoDrive(join(dataDir, 'cloud-drive-demo'))
const db = await openDb({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
try {
  await seed(db)
  console.log("Demo data seeded (and the demo cloud drive's files).")
} finally {
  await db.close()
}
