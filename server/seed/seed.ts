/**
 * Demo data: seeded on a fresh database by the server, on demand by `npm run seed`, and before
 * each test by `resetTables`. Idempotent: running it again restores the same demo data and
 * leaves rows that users created alone.
 */
import type { Db } from '../db/db'
import { DEMO_USERS } from './demo'
import { seedCatalog } from './seed-catalog'
import { seedLibrary } from './seed-library'
import { seedPeople } from './seed-people'
import { seedShares } from './seed-shares'

/** Every table the application writes (not schema_migrations), children before parents. */
const TABLES = [
  'telemetry_reports',
  'telemetry_hours',
  'telemetry_days',
  'telemetry_series',
  'telemetry_splits',
  'telemetry_problems',
  'telemetry_sources',
  'telemetry_cohort_sources',
  'telemetry_not_counted',
  'telemetry_unknown_sample',
  'telemetry_budget',
  'telemetry_release_events',
  'telemetry_releases',
  'rate_limits',
  'signed_in_lately',
  'cloud_import_items',
  'cloud_import_jobs',
  'cloud_drive_grants',
  'share_sentences',
  'share_items',
  'share_words',
  'shares',
  'uploads',
  'claims',
  'capacities',
  'folders',
  'space_goods',
  'vip_goods',
  'book_options',
  'categories',
  'users',
]

/** The tables whose `id` is an identity column (restarted at 1000 by resetTables). */
const IDENTITY_TABLES = [
  'share_sentences',
  'share_items',
  'share_words',
  'uploads',
  'folders',
  'space_goods',
  'vip_goods',
  'categories',
  'users',
]

/** Writes (or restores) all demo data in one transaction. */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedPeople(tx)
    await seedCatalog(tx)
    await seedLibrary(tx)
    await seedShares(tx)
  })
}

/** Seeds only when the database has no demo user yet (first start). Returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1', [DEMO_USERS.vip.id])
  if (rows.length > 0) return false
  await seed(db)
  return true
}

/**
 * Empties every table (identities restart at 1000) and seeds again: a fresh state for a test.
 * DELETE + setval rather than TRUNCATE ... RESTART IDENTITY: on these few rows it is about ten times
 * faster (TRUNCATE swaps every table's files, which PGlite pays for on each call).
 */
export async function resetTables(db: Db): Promise<void> {
  await db.exec(
    [
      ...TABLES.map((table) => `DELETE FROM ${table};`),
      ...IDENTITY_TABLES.map((table) => `SELECT setval(pg_get_serial_sequence('${table}', 'id'), 1000, false);`),
    ].join('\n'),
  )
  await seed(db)
}
