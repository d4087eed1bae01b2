/**
 * `npm run catalog -- import <file>`: makes the catalogue (space goods, membership plans, categories, ages,
 * tags) exactly the file's (catalog/catalog-file.ts, docs/server.md "The catalogue"), and prints what
 * changed. A file with faults is refused whole, one line per fault (`file:line: field "x": …`), exit 1,
 * nothing written. Safe to run again (the same file changes nothing, and says so), beside another import
 * and beside serving instances (one transaction under an advisory lock).
 * `npm run catalog -- export [file]`: writes the database's catalogue in that format (stdout without a file).
 *   DATA_DIR (.data/), DATABASE_URL (PostgreSQL instead of PGlite): as `npm run migrate`. The database
 * must be migrated (`npm run migrate`) first.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { CatalogFileError, formatCatalog, parseCatalog, type Catalog } from './catalog/catalog-file'
import { applyCatalog, changedAnything, CatalogRefusal, KIND_LABELS, readCatalog, type CatalogKind } from './catalog/catalog-import'
import type { Db } from './db/db'
import { openDb, pendingSchema } from './db/open-db'
import { DEFAULT_DATA_DIR } from './paths'
import { StartRefusal } from './start-refusal'

const USAGE = 'usage: npm run catalog -- import <file> | npm run catalog -- export [file]'

/** Refuses with `lines` (one per fault) and exit 1. */
function refuse(...lines: string[]): never {
  for (const line of lines) console.error(line)
  process.exit(1)
}

const [command, file, ...extra] = process.argv.slice(2)
if (extra.length > 0 || (command === 'import' && !file) || (command !== 'import' && command !== 'export')) refuse(USAGE)

/** The migrated database of the environment, or a refusal. */
async function database(): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const db = await openDb({ dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR, databaseUrl, migrate: false }).catch((error: unknown) => {
    if (error instanceof StartRefusal) refuse(`Cannot open the database: ${error.message}`)
    throw error
  })
  const pending = await pendingSchema(db)
  if (pending.length > 0) {
    await db.close()
    refuse(`The database is not migrated (${pending.join(', ')} pending): run \`npm run migrate\` first`)
  }
  return db
}

const count = (catalog: Catalog, kind: CatalogKind) => `${catalog[kind].length} ${KIND_LABELS[kind]}`
const KINDS = Object.keys(KIND_LABELS) as CatalogKind[]

if (command === 'export') {
  const db = await database()
  try {
    const catalog = await readCatalog(db)
    const text = formatCatalog(catalog, [`Exported ${new Date().toISOString()}: ${KINDS.map((k) => count(catalog, k)).join(', ')}.`])
    if (file) {
      try {
        writeFileSync(file, text)
      } catch (error) {
        refuse(`Cannot write ${file}: ${(error as Error).message}`)
      }
      console.log(`Wrote ${file}: ${KINDS.map((k) => count(catalog, k)).join(', ')}.`)
    } else process.stdout.write(text)
  } finally {
    await db.close()
  }
} else {
  let source: string
  try {
    source = readFileSync(file!, 'utf8')
  } catch (error) {
    refuse(`Cannot read ${file}: ${(error as Error).message}`)
  }
  let catalog: Catalog
  try {
    // Checked whole before the database is opened: a bad file never touches it.
    catalog = parseCatalog(source, file!)
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error
    refuse(...error.faults, `${file}: ${error.faults.length} fault(s); nothing imported.`)
  }
  const db = await database()
  try {
    const changes = await applyCatalog(db, catalog, { name: file }).catch((error: unknown) => {
      if (error instanceof CatalogRefusal) refuse(...error.faults, `${file}: nothing imported.`)
      throw error
    })
    if (!changedAnything(changes)) {
      console.log(`${file}: nothing changed, the catalogue already is this file (${KINDS.map((k) => count(catalog, k)).join(', ')}).`)
    } else {
      console.log(`${file}: imported.`)
      for (const kind of KINDS) {
        const c = changes[kind]
        console.log(`  ${KIND_LABELS[kind]}: ${c.added} added, ${c.updated} updated, ${c.removed} removed (${c.total} in all)`)
      }
    }
  } finally {
    await db.close()
  }
}
