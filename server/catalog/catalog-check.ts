/**
 * The production start's word on the catalogue (issue 48 item 4): production is never seeded, so until ops
 * import one (`npm run catalog -- import <file>`) it has no space goods, categories, ages or tags, and only
 * the membership plans migration 003 gives every database (the demo's). Not a refusal: a launch may import
 * the catalogue right after migrating, with the instances already up; the pages show their empty states.
 */
import type { Queryable } from '../db/db'
import { DEMO_VIP_GOODS } from '../seed/seed-catalog'
import { KIND_LABELS, readCatalog, type CatalogKind } from './catalog-import'

/** The command that loads the catalogue, as the warning names it. */
export const CATALOG_COMMAND = 'npm run catalog -- import <file>'

/** One warning line when a kind of the catalogue is empty, else null. */
export async function emptyCatalogWarning(q: Queryable): Promise<string | null> {
  const catalog = await readCatalog(q)
  const empty = (Object.keys(KIND_LABELS) as CatalogKind[]).filter((kind) => catalog[kind].length === 0).map((kind) => KIND_LABELS[kind])
  if (empty.length === 0) return null
  const list = empty.length === 1 ? empty[0] : `${empty.slice(0, -1).join(', ')} or ${empty.at(-1)}`
  const migrationPlans = JSON.stringify(catalog.vip) === JSON.stringify(DEMO_VIP_GOODS)
  return (
    `The catalogue is not loaded: no ${list}` +
    (migrationPlans ? ', and the membership plans are only the three migration 003 gives every database' : '') +
    `. Load it with \`${CATALOG_COMMAND}\` (docs/server.md "The catalogue").`
  )
}
