/**
 * Makes the database's catalogue exactly a catalogue file's (catalog-file.ts): space goods, membership
 * plans, categories, ages and tags added, updated (a field or the display order) and removed, in one
 * transaction under an advisory lock. Readers on other connections see the old catalogue or the new one,
 * never a mix of the two within a statement; two imports at once run one after the other, and the second
 * finds what the first wrote. Nothing a user holds is lost: a category that users' folders use is never
 * removed (the whole import is refused, naming it); goods and plans are referenced by nothing a user keeps
 * (a purchase grants capacity or a membership, not a row pointing at the goods), and folders keep the ages
 * and tags they were given.
 */
import type { Db, Queryable } from '../db/db'
import { listBookOptions, replaceBookOptions } from '../repositories/book-options-repository'
import { listCategories, upsertCategories } from '../repositories/categories-repository'
import { listSpaceGoods, upsertSpaceGoods } from '../repositories/goods-repository'
import { listVipGoods, upsertVipGoods } from '../repositories/vip-goods-repository'
import type { Catalog } from './catalog-file'

/** Taken for the whole import's transaction (other maintenance locks are 7_745_00x). */
const CATALOG_LOCK = 7_745_010

/** What an import did to one kind. */
export interface KindChanges {
  added: number
  updated: number
  removed: number
  /** How many there are after it. */
  total: number
}

export type CatalogKind = keyof Catalog

/** What an import did, per kind. */
export type CatalogChanges = Record<CatalogKind, KindChanges>

/** The kinds as the CLI's report names them, in the file's order. */
export const KIND_LABELS: Record<CatalogKind, string> = {
  space: 'space goods',
  vip: 'membership plans',
  categories: 'categories',
  ages: 'ages',
  tags: 'tags',
}

/** An import the database refuses (a category in use would be removed): one line per reason; nothing written. */
export class CatalogRefusal extends Error {
  constructor(readonly faults: string[]) {
    super(faults.join('\n'))
    this.name = 'CatalogRefusal'
  }
}

/** The catalogue the database serves. */
export async function readCatalog(q: Queryable): Promise<Catalog> {
  return {
    space: await listSpaceGoods(q),
    vip: await listVipGoods(q),
    categories: await listCategories(q),
    ages: await listBookOptions(q, 'age'),
    tags: await listBookOptions(q, 'tag'),
  }
}

/** Whether an import changed anything. */
export const changedAnything = (changes: CatalogChanges) => Object.values(changes).some((c) => c.added + c.updated + c.removed > 0)

/** Whether two items (flat records, or strings) hold the same values. */
const same = (a: unknown, b: unknown) =>
  typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
    ? JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort())
    : a === b

/** The changes from `before` to `after` of one list, items keyed by `key` (a move in the order is an update). */
function diff<T>(before: readonly T[], after: readonly T[], key: (item: T) => string | number) {
  const old = new Map(before.map((item, position) => [key(item), { item, position }]))
  const keys = new Set(after.map(key))
  const added: T[] = []
  const updated: T[] = []
  after.forEach((item, position) => {
    const was = old.get(key(item))
    if (!was) added.push(item)
    else if (was.position !== position || !same(was.item, item)) updated.push(item)
  })
  const removed = before.filter((item) => !keys.has(key(item)))
  return {
    added,
    updated,
    removed,
    changed: added.length + updated.length + removed.length > 0,
    counts: { added: added.length, updated: updated.length, removed: removed.length, total: after.length },
  }
}

export interface ApplyOptions {
  /** How refusals name the file. */
  name?: string
  /**
   * Keep what the database has beyond the file (after the file's items, in their order): the demo's
   * seed, which restores the demo catalogue and removes nothing. An import makes the catalogue the file.
   */
  keepOthers?: boolean
}

/** Applies `catalog` inside the open transaction `tx` (the seed's), under the catalogue's lock. */
export async function applyCatalogIn(tx: Queryable, catalog: Catalog, options: ApplyOptions = {}): Promise<CatalogChanges> {
  const { name = 'catalogue', keepOthers = false } = options
  await tx.query('SELECT pg_advisory_xact_lock($1)', [CATALOG_LOCK])
  const current = await readCatalog(tx)
  const target: Catalog = keepOthers ? withOthers(catalog, current) : catalog
  const space = diff(current.space, target.space, (g) => g.id)
  const vip = diff(current.vip, target.vip, (p) => p.id)
  const categories = diff(current.categories, target.categories, (c) => c.id)
  const ages = diff(current.ages, target.ages, (v) => v)
  const tags = diff(current.tags, target.tags, (v) => v)

  if (categories.removed.length > 0) {
    const used = await tx.query<{ id: number; folders: number }>(
      `SELECT category_id AS id, count(*)::int AS folders FROM folders WHERE category_id = ANY($1::int[]) GROUP BY category_id ORDER BY category_id`,
      [categories.removed.map((c) => c.id)],
    )
    if (used.length > 0) {
      const names = new Map(categories.removed.map((c) => [c.id, c.name]))
      throw new CatalogRefusal(
        used.map(
          ({ id, folders }) =>
            `${name}: category ${id} ${JSON.stringify(names.get(id))} is not in the file, but ${folders} of the users' folders are in it ` +
            `(removing it would take their category away): keep its line`,
        ),
      )
    }
  }

  const positions = <T>(list: readonly T[]) => new Map(list.map((item, position) => [item, position]))
  if (space.changed) {
    const at = positions(target.space)
    await tx.query('DELETE FROM space_goods WHERE id <> ALL($1::int[])', [target.space.map((g) => g.id)])
    await upsertSpaceGoods(tx, [...space.added, ...space.updated], (g) => at.get(g)!)
  }
  if (vip.changed) {
    const at = positions(target.vip)
    await tx.query('DELETE FROM vip_goods WHERE id <> ALL($1::int[])', [target.vip.map((p) => p.id)])
    await upsertVipGoods(tx, [...vip.added, ...vip.updated], (p) => at.get(p)!)
  }
  if (categories.changed) {
    const at = positions(target.categories)
    await tx.query('DELETE FROM categories WHERE id <> ALL($1::int[])', [target.categories.map((c) => c.id)])
    // Names are unique: two categories that swap names would collide halfway. The renamed ones first take a
    // name no file can hold (it starts with a control character), then their new one.
    await tx.query(`UPDATE categories SET name = E'\\001' || id WHERE id = ANY($1::int[])`, [categories.updated.map((c) => c.id)])
    await upsertCategories(tx, [...categories.added, ...categories.updated], (c) => at.get(c)!)
  }
  if (ages.changed) await replaceBookOptions(tx, 'age', target.ages)
  if (tags.changed) await replaceBookOptions(tx, 'tag', target.tags)
  return { space: space.counts, vip: vip.counts, categories: categories.counts, ages: ages.counts, tags: tags.counts }
}

/** Makes the catalogue of `db` exactly `catalog`, in one transaction; returns what changed. */
export function applyCatalog(db: Db, catalog: Catalog, options: Omit<ApplyOptions, 'keepOthers'> = {}): Promise<CatalogChanges> {
  return db.transaction((tx) => applyCatalogIn(tx, catalog, options))
}

/** `catalog`, then what `current` has beyond it. */
function withOthers(catalog: Catalog, current: Catalog): Catalog {
  const more = <T>(mine: readonly T[], theirs: readonly T[], key: (item: T) => unknown) => {
    const keys = new Set(mine.map(key))
    return [...mine, ...theirs.filter((item) => !keys.has(key(item)))]
  }
  const names = new Set(catalog.categories.map((c) => c.name))
  return {
    space: more(catalog.space, current.space, (g) => g.id),
    vip: more(catalog.vip, current.vip, (p) => p.id),
    // A category of the database whose name the file gives another id would collide: the file's wins.
    categories: more(
      catalog.categories,
      current.categories.filter((c) => !names.has(c.name)),
      (c) => c.id,
    ),
    ages: more(catalog.ages, current.ages, (v) => v),
    tags: more(catalog.tags, current.tags, (v) => v),
  }
}
