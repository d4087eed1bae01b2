/**
 * pg-boss's own schema (`pgboss`: its job, queue and version tables), a migration like ours: made or
 * brought up to date by `npm run migrate` (and by the demo's start, which migrates everything itself),
 * never by a production start, which refuses a database where it is missing or older than the pg-boss
 * installed (start.ts, like any other pending migration). pg-boss writes its schema in one transaction
 * under an advisory lock of its own, so two `npm run migrate` at once are safe.
 */
import { createRequire } from 'node:module'
import PgBoss from 'pg-boss'
import type { Db, Queryable } from './db'

/** The schema pg-boss keeps its tables in (its default). */
export const JOB_SCHEMA = 'pgboss'

/** The schema version the installed pg-boss needs (its own `version.json`, which its migrator reads). */
const JOB_SCHEMA_VERSION = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema

/** How the pending job schema is named among the pending migrations (`pendingSchema`, a start's refusal). */
export const JOB_SCHEMA_MIGRATION = `pg-boss schema v${JOB_SCHEMA_VERSION}`

/**
 * pg-boss's `db` over a Queryable. Its schema scripts (several statements, BEGIN…COMMIT, no
 * parameters) go through `exec`; every other statement through `query`.
 */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await q.query(text, values) }
      if (/^\s*BEGIN\s*;/i.test(text)) {
        await q.exec(text)
        return { rows: [] }
      }
      return { rows: await q.query(text) }
    },
  }
}

/** Whether `db` lacks pg-boss's schema or has an older version of it. Reads only. */
export async function jobSchemaPending(db: Db): Promise<boolean> {
  const [row] = await db.query<{ installed: boolean }>(`SELECT to_regclass('${JOB_SCHEMA}.version') IS NOT NULL AS installed`)
  if (!row?.installed) return true
  const [version] = await db.query<{ version: number }>(`SELECT version::int AS version FROM ${JOB_SCHEMA}.version`)
  return (version?.version ?? 0) < JOB_SCHEMA_VERSION
}

/**
 * Makes pg-boss's schema, or migrates it to the installed pg-boss's version: pg-boss's own migrator
 * (a start with `migrate: true` and nothing else running), stopped at once. Returns whether it changed anything.
 */
export async function migrateJobSchema(db: Db): Promise<boolean> {
  if (!(await jobSchemaPending(db))) return false
  const boss = new PgBoss({ db: bossDb(db), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false })
  await boss.start()
  await boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 })
  return true
}
