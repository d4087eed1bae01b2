import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_DATA_DIR, MIGRATIONS_DIR } from '../paths'
import type { Db } from './db'
import { runMigrations } from './migrate'
import { createPgDb } from './pg-db'
import { createPgliteWorkerDb } from './pglite-worker-db'

export interface OpenDbOptions {
  /** Folder for the embedded database (`<dataDir>/pglite`); default `.data/` at the repo root. */
  dataDir?: string
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string
}

/**
 * Opens the database — PostgreSQL when `databaseUrl` is given, else PGlite under `dataDir` —
 * and brings its schema up to date.
 */
export async function openDb({ dataDir = DEFAULT_DATA_DIR, databaseUrl }: OpenDbOptions = {}): Promise<Db> {
  let db: Db
  if (databaseUrl) {
    db = await createPgDb(databaseUrl)
  } else {
    const dir = join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    db = await createPgliteWorkerDb(dir)
  }
  try {
    await runMigrations(db, MIGRATIONS_DIR)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
