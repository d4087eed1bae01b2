import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCatalog, type Catalog } from '../catalog/catalog-file'
import { applyCatalogIn } from '../catalog/catalog-import'
import type { Queryable } from '../db/db'
import type { SpaceGoods } from '../repositories/goods-repository'
import type { VipGoods } from '../repositories/vip-goods-repository'
import { SERVER_DIR } from '../paths'

/**
 * The demo catalogue as a catalogue file (tests/server/catalog-import.test.ts holds it equal to the lists here);
 * found from the repository's root, as from the bundle (dist-server/) so from the sources.
 */
export const SAMPLE_CATALOG_FILE = join(SERVER_DIR, 'catalog', 'sample-catalog.jsonl')

/** Storage on sale: capacity in MB, price in cents per year. */
export const DEMO_GOODS: SpaceGoods[] = [
  { id: 1, name: '50GB 空间包', capacity: 51_200, money: 3000 },
  { id: 2, name: '100GB 空间包', capacity: 102_400, money: 5000 },
  { id: 3, name: '200GB 空间包', capacity: 204_800, money: 8800 },
  { id: 4, name: '500GB 空间包', capacity: 512_000, money: 19_800 },
  { id: 5, name: '1TB 空间包', capacity: 1_048_576, money: 35_800 },
]

/**
 * Membership plans, in display order (the same rows as migration 003). Their ids (101+) differ
 * from the space goods', so a `buyGoods` id says which kind of goods it is.
 */
export const DEMO_VIP_GOODS: VipGoods[] = [
  { id: 101, name: '月度会员', months: 1, money: 2800, originalMoney: 0, tag: '' },
  { id: 102, name: '年度会员', months: 12, money: 19_800, originalMoney: 33_600, tag: '推荐' },
  { id: 103, name: '永久会员', months: 0, money: 39_800, originalMoney: 0, tag: '' },
]

let sample: Catalog | undefined

/**
 * Categories, the create form's age and tag choices, the space goods and the membership plans: the sample
 * catalogue file, through the import's own code (`npm run catalog -- import`), keeping anything else the
 * database has (the seed removes nothing).
 */
export async function seedCatalog(q: Queryable): Promise<void> {
  sample ??= parseCatalog(readFileSync(SAMPLE_CATALOG_FILE, 'utf8'), SAMPLE_CATALOG_FILE)
  await applyCatalogIn(q, sample, { name: SAMPLE_CATALOG_FILE, keepOthers: true })
}
