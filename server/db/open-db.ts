import { existsSync, mkdirSync, statfsSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_DATA_DIR, MIGRATIONS_DIR } from '../paths'
import { StartRefusal } from '../start-refusal'
import type { Db } from './db'
import { isDiskFull } from './db-errors'
import { JOB_SCHEMA_MIGRATION, jobSchemaPending, migrateJobSchema } from './job-schema'
import { pendingMigrations, runMigrations } from './migrate'
import { createPgDb, type PgDbOptions } from './pg-db'
import { createPgliteWorkerDb } from './pglite-worker-db'

export interface OpenDbOptions extends PgDbOptions {
  /** Folder for the embedded database (`<dataDir>/pglite`); default `.data/` at the repo root. */
  dataDir?: string
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
  /**
   * Bring the schema up to date (the demo, `npm run migrate`, tests). `false` (a production start)
   * leaves it as it is: the caller checks `pendingMigrations` and refuses to serve an old schema.
   */
  migrate?: boolean
  /** Free bytes of a folder (tests stand in a small disk). */
  freeBytes?: (dir: string) => number
}

/**
 * Free space the embedded database needs to start: a new cluster, migrated and seeded, is 40 MB
 * (PGlite 0.5), and PostgreSQL writes its log in 16 MB segments. Below this, PGlite fails deep in its
 * WebAssembly file system with a bare `ErrnoError errno 51`.
 */
export const PGLITE_NEW_BYTES = 64 * 1024 * 1024
/** An existing cluster needs room for at least one more log segment. */
export const PGLITE_EXISTING_BYTES = 16 * 1024 * 1024

const MB = 1024 * 1024
const freeOnDisk = (dir: string) => {
  const stats = statfsSync(dir)
  return stats.bavail * stats.bsize
}

const tooSmall = (dir: string, free: number, needed: number) =>
  new StartRefusal(
    `${dir} has ${Math.floor(free / MB)} MB free: the embedded database needs ${needed / MB} MB to start (more as data grows). ` +
      'Free some space, or set DATA_DIR to a larger disk (or DATABASE_URL to a PostgreSQL server).',
  )

/** Opens PGlite in `dir`, refusing at once (one line) on a disk too small for it. */
async function openPglite(dir: string, freeBytes: (dir: string) => number): Promise<Db> {
  const existing = existsSync(join(dir, 'PG_VERSION'))
  mkdirSync(dir, { recursive: true })
  const needed = existing ? PGLITE_EXISTING_BYTES : PGLITE_NEW_BYTES
  const free = freeBytes(dir)
  if (free < needed) throw tooSmall(dir, free, needed)
  try {
    return await createPgliteWorkerDb(dir)
  } catch (error) {
    // The space went while it opened (another process writing the same disk).
    if (isDiskFull(error)) throw tooSmall(dir, freeBytes(dir), needed)
    throw error
  }
}

/**
 * Opens the database — PostgreSQL when `databaseUrl` is given, else PGlite under `dataDir` —
 * and brings its schema up to date, pg-boss's included (unless `migrate: false`).
 */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const { dataDir = DEFAULT_DATA_DIR, databaseUrl, migrate = true, freeBytes = freeOnDisk } = options
  const db = databaseUrl ? await createPgDb(databaseUrl, options) : await openPglite(join(dataDir, 'pglite'), freeBytes)
  if (!migrate) return db
  try {
    await migrateAll(db)
  } catch (error) {
    await db.close()
    if (!databaseUrl && isDiskFull(error)) throw tooSmall(join(dataDir, 'pglite'), freeBytes(join(dataDir, 'pglite')), PGLITE_NEW_BYTES)
    throw error
  }
  return db
}

/**
 * Applies our migrations, then makes or migrates pg-boss's schema (db/job-schema.ts); returns what it
 * applied. `npm run migrate`, and every demo start through openDb.
 */
export async function migrateAll(db: Db): Promise<string[]> {
  const applied = await runMigrations(db, MIGRATIONS_DIR)
  return (await migrateJobSchema(db)) ? [...applied, JOB_SCHEMA_MIGRATION] : applied
}

/** The migrations `db` still lacks, pg-boss's schema among them (none: it may serve). */
export async function pendingSchema(db: Db): Promise<string[]> {
  const pending = await pendingMigrations(db, MIGRATIONS_DIR)
  return (await jobSchemaPending(db)) ? [...pending, JOB_SCHEMA_MIGRATION] : pending
}
