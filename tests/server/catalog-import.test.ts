/**
 * Issue 48 item 4: the catalogue in production. `npm run catalog -- import <file>` makes the catalogue
 * (space goods, membership plans, categories, ages, tags) exactly a file ops keep: refused whole with one
 * line per fault, data unchanged; the same file twice changes nothing and says so; an edited file adds,
 * updates and removes, but never a category users' folders are in; two at once are one after the other.
 * What the API then serves is the file. A production start without a catalogue says so in one line; the
 * demo's media are not served in production.
 */
import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { verifierFromEnv } from '../../server/auth/token-verifier'
import { CatalogFileError, formatCatalog, parseCatalog, type Catalog } from '../../server/catalog/catalog-file'
import { applyCatalog, CatalogRefusal, readCatalog } from '../../server/catalog/catalog-import'
import { openDb } from '../../server/db/open-db'
import { REPO_ROOT } from '../../server/paths'
import { DEMO_AGE_OPTIONS, DEMO_CATEGORIES, DEMO_TAG_OPTIONS } from '../../server/seed/content/demo-library'
import { resetTables } from '../../server/seed/seed'
import { DEMO_GOODS, DEMO_VIP_GOODS, SAMPLE_CATALOG_FILE } from '../../server/seed/seed-catalog'
import { startServer } from '../../server/start'
import { envelope, VIP } from './helpers/test-app'
import { openTestDb, templateCopy, type TestDb } from './helpers/test-db'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'

const SAMPLE = readFileSync(SAMPLE_CATALOG_FILE, 'utf8')
const sample = () => parseCatalog(SAMPLE, 'sample')

/** `npm run catalog -- <args>` on the embedded database of `dataDir`: exit code and output. */
async function catalogCli(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/catalog-cli.ts', ...args], {
      cwd: REPO_ROOT,
      env,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { code, stdout, stderr }
  }
}

/** A catalogue file of `lines` (records or raw text) in the data folder. */
function fileOf(dir: string, name: string, lines: readonly (string | object)[]): string {
  const path = join(dir, name)
  writeFileSync(path, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n')
  return path
}

/** An edited catalogue: one good repriced, one plan removed, one category renamed, a tag added, ages reordered. */
const edited = (): Catalog => {
  const c = sample()
  return {
    space: [{ ...c.space[0]!, money: 2500 }, ...c.space.slice(1), { id: 6, name: '2TB 空间包', capacity: 2_097_152, money: 59_800 }],
    vip: c.vip.filter((p) => p.id !== 101),
    categories: c.categories.map((cat) => (cat.id === 5 ? { ...cat, name: '科普' } : cat)),
    ages: [...c.ages].reverse(),
    tags: [...c.tags, '英语启蒙'],
  }
}

describe('npm run catalog (the command, on a database of its own)', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await templateCopy()
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('imports the file, says what changed, changes nothing the second time, refuses a bad file whole, exports it back', async () => {
    const first = await catalogCli(dataDir, 'import', SAMPLE_CATALOG_FILE)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('space goods: 5 added, 0 updated, 0 removed (5 in all)')
    // Migration 003 gives every database the same three plans.
    expect(first.stdout).toContain('membership plans: 0 added, 0 updated, 0 removed (3 in all)')
    expect(first.stdout).toContain('categories: 5 added, 0 updated, 0 removed (5 in all)')
    expect(first.stdout).toContain('ages: 11 added, 0 updated, 0 removed (11 in all)')
    expect(first.stdout).toContain('tags: 12 added, 0 updated, 0 removed (12 in all)')

    const again = await catalogCli(dataDir, 'import', SAMPLE_CATALOG_FILE)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('nothing changed, the catalogue already is this file')

    const bad = fileOf(dataDir, 'catalog.jsonl', [
      { kind: 'space', id: 1, name: '50GB 空间包', capacity: 51_200, money: 30.5 },
      { kind: 'space', id: 9, name: '新空间包', capacity: 1024, money: 100 },
      '{"kind":"vip","id":9,',
    ])
    const refused = await catalogCli(dataDir, 'import', bad)
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe('')
    const lines = refused.stderr.trim().split('\n')
    expect(lines[0]).toBe(`${bad}:1: field "money": must be a whole number of cents (19.8 yuan is 1980), not 30.5`)
    expect(lines[1]).toMatch(new RegExp(`^${bad.replaceAll('.', '\\.')}:3: not JSON`))
    expect(lines[2]).toBe(`${bad}: 2 fault(s); nothing imported.`)

    const exported = join(dataDir, 'exported.jsonl')
    const exportRun = await catalogCli(dataDir, 'export', exported)
    expect(exportRun.code, exportRun.stderr).toBe(0)
    // The good line 2 of the refused file was not imported either: the catalogue is still the sample.
    expect(parseCatalog(readFileSync(exported, 'utf8'), 'exported')).toEqual(sample())

    const usage = await catalogCli(dataDir, 'frobnicate')
    expect(usage).toMatchObject({ code: 1, stderr: 'usage: npm run catalog -- import <file> | npm run catalog -- export [file]\n' })
    const missing = await catalogCli(dataDir, 'import', join(dataDir, 'nope.jsonl'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^Cannot read .*nope\.jsonl: ENOENT/)
  }, 180_000)
})

describe('the catalogue file', () => {
  it('is the demo catalogue: the sample file and the seed agree', () => {
    expect(sample()).toEqual({
      space: DEMO_GOODS,
      vip: DEMO_VIP_GOODS,
      categories: DEMO_CATEGORIES.map(({ id, name }) => ({ id, name })),
      ages: DEMO_AGE_OPTIONS,
      tags: DEMO_TAG_OPTIONS,
    })
    expect(parseCatalog(formatCatalog(sample(), ['a comment']), 'again')).toEqual(sample())
  })

  /** The faults of a file holding the sample's lines, then `lines`. */
  const faultsOf = (...lines: string[]) => {
    try {
      parseCatalog([SAMPLE.trimEnd(), ...lines].join('\n'), 'catalog.jsonl')
    } catch (error) {
      if (error instanceof CatalogFileError) return error.faults
      throw error
    }
    return []
  }
  const at = SAMPLE.trimEnd().split('\n').length + 1

  it.each([
    [
      '{"kind":"space","id":6,"name":"x","capacity":100,"money":"30"}',
      `field "money": must be a number of cents (19.8 yuan is 1980), not "30"`,
    ],
    ['{"kind":"space","id":6,"name":"x","capacity":0,"money":1}', 'field "capacity": must be from 1 to 1073741824 of MB, not 0'],
    [
      '{"kind":"space","id":6,"name":"x","capacity":10,"money":-1}',
      'field "money": must be from 0 to 2147483647 of cents (19.8 yuan is 1980), not -1',
    ],
    ['{"kind":"space","id":6,"name":"x","capacity":10}', 'field "money": missing'],
    ['{"kind":"space","id":0,"name":"x","capacity":10,"money":1}', 'field "id": must be from 1 to 2147483647, not 0'],
    ['{"kind":"space","id":2,"name":"x","capacity":10,"money":1}', 'field "id": id 2 (of a space good or plan) already on line 6'],
    ['{"kind":"vip","id":1,"name":"x","months":1,"money":1}', 'field "id": id 1 (of a space good or plan) already on line 5'],
    ['{"kind":"vip","id":104,"name":"x","months":-1,"money":1}', 'field "months": must be from 0 to 1200, not -1'],
    [
      '{"kind":"vip","id":104,"name":"x","months":1,"money":1,"tag":"一个很长很长很长的标签"}',
      'field "tag": must be at most 10 characters, not 11',
    ],
    [
      '{"kind":"vip","id":104,"name":"x","months":1,"money":1,"monye":2}',
      'field "monye": unknown for kind "vip" (its fields: id, name, months, money, originalMoney, tag)',
    ],
    ['{"kind":"category","id":6,"name":""}', 'field "name": must not be empty'],
    ['{"kind":"category","id":6,"name":"英语绘本"}', 'field "name": category name "英语绘本" already on line 13'],
    ['{"kind":"category","id":6,"name":"a\\u202eb"}', 'field "name": holds a control or invisible character: "a\u202eb"'],
    [
      '{"kind":"category","id":6,"name":"一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十一"}',
      'field "name": must be at most 30 characters, not 31',
    ],
    ['{"kind":"age","value":"3"}', 'field "value": age "3" already on line 19'],
    ['{"kind":"tag","value":12}', 'field "value": must be a string, not 12'],
    ['{"kind":"book","value":"x"}', 'field "kind": must be one of space, vip, category, age, tag, not "book"'],
    ['["space", 6]', 'must be one JSON object, with its "kind"'],
  ])('refuses %s naming its line and field', (line, fault) => {
    expect(faultsOf(line)).toEqual([`catalog.jsonl:${at}: ${fault}`])
  })

  it('refuses a file with no record (an import would remove the whole catalogue)', () => {
    expect(() => parseCatalog('# nothing yet\n\n', 'catalog.jsonl')).toThrow(
      new CatalogFileError(['catalog.jsonl: no records: an import makes the catalogue the file, and would remove it all']),
    )
  })

  it('lists every fault of every line at once', () => {
    expect(faultsOf('{"kind":"space","id":6,"name":" x","capacity":1.5,"money":1}', '', '# a comment', '{"kind":"tag"}')).toEqual([
      `catalog.jsonl:${at}: field "name": has spaces around it: " x"`,
      `catalog.jsonl:${at}: field "capacity": must be a whole number of MB, not 1.5`,
      `catalog.jsonl:${at + 3}: field "value": missing`,
    ])
  })
})

describe('an import on a serving database', () => {
  let testDb: TestDb
  let app: FastifyInstance
  beforeAll(async () => {
    testDb = await openTestDb()
    app = await buildApp({ db: testDb.db, dataDir: testDb.dataDir })
  })
  beforeEach(() => resetTables(testDb.db))
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  /** What the pages are served: `GET /v1/goods/spaces`, `/v1/goods/vips`, `/v1/bookCreation/options`. */
  const served = async () => {
    const get = async (url: string) => envelope(await app.inject({ method: 'GET', url, headers: VIP })).data
    const options = (await get('/v1/bookCreation/options')) as { categories: unknown; ages: unknown; tags: unknown }
    return { space: await get('/v1/goods/spaces'), vip: await get('/v1/goods/vips'), ...options }
  }

  it('makes the catalogue the edited file: added, updated, removed, in its order, as the API serves it', async () => {
    const changes = await applyCatalog(testDb.db, edited())
    expect(changes).toEqual({
      space: { added: 1, updated: 1, removed: 0, total: 6 },
      // The two plans left each moved up one place.
      vip: { added: 0, updated: 2, removed: 1, total: 2 },
      categories: { added: 0, updated: 1, removed: 0, total: 5 },
      // Reversed: every age but the middle one moved.
      ages: { added: 0, updated: 10, removed: 0, total: 11 },
      tags: { added: 1, updated: 0, removed: 0, total: 13 },
    })
    const file = edited()
    expect(await served()).toEqual({ space: file.space, vip: file.vip, categories: file.categories, ages: file.ages, tags: file.tags })
    // A folder in the renamed category shows its new name.
    const root = envelope<{ items: { rootId: number; rootTitle: string }[] }>(
      await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP }),
    ).data
    expect(root.items.filter((f) => f.rootId === 5).every((f) => f.rootTitle === '科普')).toBe(true)

    // The same file again: nothing.
    const again = await applyCatalog(testDb.db, edited())
    expect(Object.values(again).every((c) => c.added + c.updated + c.removed === 0)).toBe(true)
  })

  it('swaps two categories’ names (unique names never collide halfway)', async () => {
    const c = sample()
    const swapped = {
      ...c,
      categories: c.categories.map((cat) =>
        cat.id === 1 ? { ...cat, name: '自然拼读' } : cat.id === 2 ? { ...cat, name: '英语绘本' } : cat,
      ),
    }
    await applyCatalog(testDb.db, swapped)
    expect((await readCatalog(testDb.db)).categories).toEqual(swapped.categories)
  })

  it('never removes a category users’ folders are in: the whole import is refused, nothing changed', async () => {
    const before = await readCatalog(testDb.db)
    const [used] = await testDb.db.query<{ id: number; n: number }>(
      'SELECT category_id AS id, count(*)::int AS n FROM folders WHERE category_id IS NOT NULL GROUP BY 1 ORDER BY 1 LIMIT 1',
    )
    const file = { ...edited(), categories: sample().categories.filter((cat) => cat.id !== used!.id) }
    const refusal = await applyCatalog(testDb.db, file, { name: 'catalog.jsonl' }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(CatalogRefusal)
    const name = sample().categories.find((cat) => cat.id === used!.id)!.name
    expect((refusal as CatalogRefusal).faults).toEqual([
      `catalog.jsonl: category ${used!.id} ${JSON.stringify(name)} is not in the file, but ${used!.n} of the users' folders are in it (removing it would take their category away): keep its line`,
    ])
    expect(await readCatalog(testDb.db)).toEqual(before)
  })

  it('removes goods, plans, ages and tags, and a category no folder is in; folders keep their ages and tags', async () => {
    await applyCatalog(testDb.db, { ...sample(), categories: [...sample().categories, { id: 6, name: '空分类' }] })
    const [folder] = await testDb.db.query<{ ages: string[]; tags: string[] }>(
      'SELECT ages, tags FROM folders WHERE cardinality(ages) > 0 AND cardinality(tags) > 0 ORDER BY id LIMIT 1',
    )
    const changes = await applyCatalog(testDb.db, { space: [], vip: [], categories: sample().categories, ages: [], tags: [] })
    expect(changes).toMatchObject({ space: { removed: 5, total: 0 }, vip: { removed: 3, total: 0 }, categories: { removed: 1, total: 5 } })
    expect(await served()).toEqual({ space: [], vip: [], categories: sample().categories, ages: [], tags: [] })
    expect(await testDb.db.query('SELECT 1 FROM folders WHERE ages = $1 AND tags = $2', [folder!.ages, folder!.tags])).not.toEqual([])
  })

  it('two imports at once: one after the other, the second finds the first’s work', async () => {
    const [a, b] = await Promise.all([applyCatalog(testDb.db, edited()), applyCatalog(testDb.db, edited())])
    const changed = (c: typeof a) => Object.values(c).some((k) => k.added + k.updated + k.removed > 0)
    expect([changed(a), changed(b)].sort()).toEqual([false, true])
    expect(await readCatalog(testDb.db)).toEqual(edited())
  })
})

describe('in production', () => {
  const verifier = verifierFromEnv({ AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })
  let dataDir: string
  beforeAll(async () => {
    dataDir = await templateCopy()
  })
  afterEach(() => vi.unstubAllEnvs())
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  /** A production start on the data folder: its log's lines, and what a signed-in user is served. */
  async function productionStart() {
    vi.stubEnv('NODE_ENV', 'production')
    const log: string[] = []
    const server = await startServer({ dataDir, verifier, logger: (line) => log.push(line) })
    try {
      const headers = { authorization: `Bearer ${await signToken()}` }
      const get = (path: string) => fetch(`${server.url}${path}`, { headers })
      const spaces = (await (await get('/v1/goods/spaces')).json()) as { data: unknown[] }
      const media = await get('/media/covers/apple.svg')
      return { log, spaces: spaces.data, media: media.status, mediaBody: await media.text() }
    } finally {
      await server.close()
    }
  }

  it('says in one warning line that the catalogue is not loaded, and how; serves the file once imported; never the demo media', async () => {
    const empty = await productionStart()
    const warnings = empty.log.filter((line) => line.includes('catalogue'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      / WARN +The catalogue is not loaded: no space goods, categories, ages or tags, and the membership plans are only the three migration 003 gives every database\. Load it with `npm run catalog -- import <file>`/,
    )
    expect(empty.spaces).toEqual([])
    expect(empty.media).toBe(404)
    expect(empty.mediaBody).not.toContain('<svg')

    const db = await openDb({ dataDir, migrate: false })
    await applyCatalog(db, edited())
    await db.close()
    const loaded = await productionStart()
    expect(loaded.log.filter((line) => line.includes('catalogue'))).toEqual([])
    expect(loaded.spaces).toEqual(edited().space)
    expect(loaded.media).toBe(404)
  }, 120_000)

  it('the demo still serves its media', async () => {
    const testDb = await openTestDb()
    const app = await buildApp({ db: testDb.db, dataDir: testDb.dataDir })
    try {
      const res = await app.inject({ method: 'GET', url: '/media/covers/apple.svg' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('image/svg+xml')
    } finally {
      await app.close()
      await testDb.dispose()
    }
  })
})
