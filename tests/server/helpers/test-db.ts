/**
 * One PGlite database per test file. Creating a PGlite cluster takes ~3.5 s and ~800 MB, opening an
 * existing one ~0.5 s, so the first file builds a migrated template in the OS temp folder (keyed by
 * the PGlite and pg-boss versions, the migrations and the UTC day) and every file opens its own copy of
 * it. The template holds the field reports' partitions of its day and the next two, which every server
 * makes at start (server/telemetry/partitions.ts): made once, not 0.8 s in each file.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Db } from '../../../server/db/db'
import { openDb } from '../../../server/db/open-db'
import { ensurePartitions } from '../../../server/telemetry/partitions'
import { MIGRATIONS_DIR, REPO_ROOT } from '../../../server/paths'

function templateKey(): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')))
  // pg-boss's schema is migrated with ours (server/db/job-schema.ts).
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/pg-boss/package.json')))
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)))
  return `${new Date().toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}`
}

async function ensureTemplate(): Promise<string> {
  const template = join(tmpdir(), `kids-english-pglite-${templateKey()}`)
  if (existsSync(template)) return template
  const building = mkdtempSync(join(tmpdir(), 'kids-english-pglite-build-'))
  const db = await openDb({ dataDir: building })
  const today = new Date()
  await ensurePartitions(db, today, new Date(today.getTime() + 2 * 86_400_000))
  await db.close()
  try {
    renameSync(building, template)
  } catch {
    // Another run finished its template first; use that one.
    rmSync(building, { recursive: true, force: true })
  }
  return template
}

/** A fresh data folder (database copy + room for uploads) and its open database. */
export interface TestDb {
  db: Db
  dataDir: string
  /** Closes the database and deletes the folder. */
  dispose(): Promise<void>
}

/**
 * A fresh data folder holding a private copy of the migrated template database, not opened (for startServer):
 * `dataDir` when given (a folder the caller deletes), else a new temp folder.
 */
export async function templateCopy(dataDir?: string): Promise<string> {
  const template = await ensureTemplate()
  dataDir ??= mkdtempSync(join(tmpdir(), 'kids-english-test-'))
  cpSync(template, dataDir, { recursive: true })
  return dataDir
}

/** Opens a private copy of the migrated template database. */
export async function openTestDb(): Promise<TestDb> {
  const dataDir = await templateCopy()
  const db = await openDb({ dataDir })
  return {
    db,
    dataDir,
    async dispose() {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
