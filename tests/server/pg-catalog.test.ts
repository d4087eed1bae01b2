/**
 * Issue 48 item 4 on a real PostgreSQL, where imports and requests run at once: two imports at once, each on
 * a connection of its own, run one after the other (the second finds the first's work, nothing twice), and a
 * server reading the catalogue meanwhile answers the old one or the new one, never a mix. Runs on
 * TEST_DATABASE_URL's server (a database of its own, dropped after). By hand:
 *   npm run with-postgres -- "npx vitest run --project server tests/server/pg-catalog.test.ts"
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDatabase, dropDatabase } from '../../bench/load/create-database'
import { skipBecause } from '../../scripts/test/skip-because'
import { buildApp } from '../../server/app'
import { parseCatalog, type Catalog } from '../../server/catalog/catalog-file'
import { applyCatalog, changedAnything, readCatalog } from '../../server/catalog/catalog-import'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { resetTables } from '../../server/seed/seed'
import { SAMPLE_CATALOG_FILE } from '../../server/seed/seed-catalog'
import { envelope, VIP } from './helpers/test-app'
import { noTestDatabase, testDatabaseUrl as url } from './helpers/test-database'

const sample = parseCatalog(readFileSync(SAMPLE_CATALOG_FILE, 'utf8'), 'sample')
/** Every list differs from the sample's: new goods and plans, renamed categories, other ages and tags. */
const other: Catalog = {
  space: [...sample.space.slice(1), { id: 7, name: '3TB 空间包', capacity: 3_145_728, money: 79_800 }],
  vip: [{ id: 201, name: '季度会员', months: 3, money: 6800, originalMoney: 8400, tag: '新' }],
  categories: sample.categories.map((c) => ({ ...c, name: `${c.name}系列` })),
  ages: ['3-4', '5-6'],
  tags: ['故事', '儿歌新编'],
}

describe('the catalogue on PostgreSQL', skipBecause(noTestDatabase), () => {
  let db: Db
  let second: Db
  let app: FastifyInstance
  let dataDir: string
  let databaseUrl: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kids-english-pg-catalog-'))
    databaseUrl = await createDatabase(url!, `kids_pg_catalog_${process.pid}`)
    db = await openDb({ databaseUrl })
    second = await openDb({ databaseUrl, migrate: false })
    app = await buildApp({ db, dataDir, importJobs: { pollingSeconds: 3600 } })
  })
  beforeEach(() => resetTables(db))
  afterAll(async () => {
    await app?.close()
    await second?.close()
    await db?.close()
    if (databaseUrl) await dropDatabase(databaseUrl)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('two imports at once (two pools): one after the other, the second changes nothing', async () => {
    const [a, b] = await Promise.all([applyCatalog(db, other), applyCatalog(second, other)])
    expect([changedAnything(a), changedAnything(b)].sort()).toEqual([false, true])
    expect(await readCatalog(db)).toEqual(other)
  })

  it('readers during imports see the old catalogue or the new one, never a mix', async () => {
    const lists = (c: Catalog) =>
      JSON.stringify({ space: c.space, vip: c.vip, options: { categories: c.categories, ages: c.ages, tags: c.tags } })
    const whole = new Set([lists(sample), lists(other)])
    let importing = true
    const imports = (async () => {
      try {
        for (let i = 0; i < 20; i++) await applyCatalog(second, i % 2 === 0 ? other : sample)
      } finally {
        importing = false
      }
    })()
    const seen: string[] = []
    while (importing) {
      const get = async (path: string) => envelope(await app.inject({ method: 'GET', url: path, headers: VIP })).data
      const [space, vip, options] = await Promise.all([get('/v1/goods/spaces'), get('/v1/goods/vips'), get('/v1/bookCreation/options')])
      // Each list alone must be one catalogue's: the three reads are three moments.
      const spaceOk = [sample.space, other.space].some((s) => JSON.stringify(s) === JSON.stringify(space))
      const vipOk = [sample.vip, other.vip].some((v) => JSON.stringify(v) === JSON.stringify(vip))
      const optionsOk = [sample, other].some(
        (c) => JSON.stringify({ categories: c.categories, ages: c.ages, tags: c.tags }) === JSON.stringify(options),
      )
      seen.push(`${spaceOk} ${vipOk} ${optionsOk}`)
    }
    await imports
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((s) => s !== 'true true true')).toEqual([])
    expect(whole.has(lists(await readCatalog(db)))).toBe(true)
  }, 120_000)
})
