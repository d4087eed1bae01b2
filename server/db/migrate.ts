import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db, Queryable } from './db'

/** A lock id shared by every process that migrates the same PostgreSQL database. */
const MIGRATION_LOCK = 72_310_501

/** The versions (`NNN_name`) of the numbered `NNN_name.sql` files of `dir`, in order. */
export function migrationVersions(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => name.replace(/\.sql$/, ''))
}

/**
 * The versions of `dir` not yet recorded in `schema_migrations` (all of them on an empty database).
 * Reads only: a production start checks this instead of migrating (`npm run migrate` does that).
 */
export async function pendingMigrations(q: Queryable, dir: string): Promise<string[]> {
  const [table] = await q.query<{ exists: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`)
  const done = table?.exists
    ? new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    : new Set()
  return migrationVersions(dir).filter((version) => !done.has(version))
}

/**
 * Applies the numbered `NNN_name.sql` files of `dir` that are not yet recorded in
 * `schema_migrations`, in order, all in one transaction. Returns the versions it applied.
 */
export async function runMigrations(db: Db, dir: string): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  return db.transaction(async (tx) => {
    // Two servers starting at once against one PostgreSQL must not both apply a file.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    const applied: string[] = []
    for (const version of migrationVersions(dir)) {
      if (done.has(version)) continue
      await tx.exec(readFileSync(join(dir, `${version}.sql`), 'utf8'))
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version])
      applied.push(version)
    }
    return applied
  })
}
