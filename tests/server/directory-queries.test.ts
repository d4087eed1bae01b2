/**
 * Issue 17 item 1: a listing is a fixed number of indexed statements however many children the
 * folder holds. A plan is checked with sequential scans priced out (`enable_seqscan = off`):
 * a lookup no index can serve still shows up as a Seq Scan, however small the table.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { insertRows } from '../../server/db/bulk'
import { DEMO_TOKENS, DEMO_USERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { bearer } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'
import { recordQueries, type RecordedQuery, type RecordingDb } from './helpers/record-queries'

let testDb: TestDb
let db: RecordingDb
let app: FastifyInstance
const BASIC = bearer(DEMO_TOKENS.basic)
const user = DEMO_USERS.basic.id

/** Gives the basic user a type 2 folder holding `count` type 1 folders of three books each. */
async function makeFolderOf(count: number): Promise<number> {
  const [top] = await db.query<{ id: number }>(
    `INSERT INTO folders (user_id, parent_id, type, title) VALUES ($1, NULL, 2, $2) RETURNING id`,
    [user, `大文件夹 ${count}`],
  )
  const albums = await db.query<{ id: number }>(
    `INSERT INTO folders (user_id, parent_id, type, title, position)
     SELECT $1, $2, 1, '专辑 ' || n, n FROM generate_series(1, $3::int) n RETURNING id`,
    [user, top!.id, count],
  )
  await insertRows(
    db,
    'folders',
    albums.flatMap((a) =>
      [1, 2, 3].map((n) => ({
        user_id: user,
        parent_id: a.id,
        type: 0,
        title: `绘本 ${n}`,
        position: n,
        file_size_mb: 1.5,
      })),
    ),
  )
  return top!.id
}

/** The statements on folders a listing runs (the sign-in reads users first). */
async function listing(id: number): Promise<{ queries: RecordedQuery[]; items: { childCnt: number; fileSizeMb: number }[] }> {
  db.queries.length = 0
  const res = await app.inject({ method: 'GET', url: `/v1/directory/${id}`, headers: BASIC })
  expect(res.statusCode).toBe(200)
  return {
    queries: db.queries.filter((q) => /\bfolders\b/.test(q.sql)),
    items: res.json<{ data: { items: { childCnt: number; fileSizeMb: number }[] } }>().data.items,
  }
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Plans?: PlanNode[]
}

/**
 * How the plan of `query` reads the folders table, with sequential scans priced out: one line
 * per read, `Seq Scan`, `<scan> <index> (whole index)` when the condition does not fix the
 * index's first column (PostgreSQL then walks the whole index, checking each entry), or
 * `<scan> <index>` for a real lookup.
 */
async function folderReads({ sql, params }: RecordedQuery): Promise<string[]> {
  const [row] = await db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off')
    return tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params)
  })
  const leading = new Map(
    (
      await db.query<{ index: string; column: string }>(
        `SELECT c.relname AS index, a.attname AS column FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
     WHERE i.indrelid = 'folders'::regclass`,
      )
    ).map((r) => [r.index, r.column]),
  )
  const reads: string[] = []
  const walk = (node: PlanNode) => {
    const onFolders = node['Relation Name'] === 'folders' || node['Index Name']?.startsWith('folders_')
    if (onFolders && node['Node Type'] !== 'Bitmap Heap Scan') {
      const first = leading.get(node['Index Name'] ?? '')
      const fixesFirst = first !== undefined && new RegExp(`\\b${first} (=|IS NULL)`).test(node['Index Cond'] ?? '')
      const lookup = fixesFirst ? '' : ' (whole index)'
      reads.push(node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}${lookup}` : node['Node Type'])
    }
    node.Plans?.forEach(walk)
  }
  walk(row!['QUERY PLAN'][0].Plan)
  return reads
}

beforeAll(async () => {
  testDb = await openTestDb()
  await resetTables(testDb.db)
  db = recordQueries(testDb.db)
  app = await buildApp({ db, dataDir: testDb.dataDir })
  // The uploads collector runs on start: its statements must not count as a listing's.
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await testDb?.dispose()
})

describe('Listing a folder', () => {
  it('runs the same two statements for 10 children as for 200, each with the right figures', async () => {
    const small = await listing(await makeFolderOf(10))
    const large = await listing(await makeFolderOf(200))
    expect(small.queries).toHaveLength(2)
    expect(large.queries).toHaveLength(2)
    expect(large.items).toHaveLength(200)
    expect(large.items.every((f) => f.childCnt === 3 && f.fileSizeMb === 4.5)).toBe(true)
  })

  it('lists the root in one statement however many top-level folders there are', async () => {
    const before = await listing(0)
    await makeFolderOf(1)
    await makeFolderOf(1)
    const after = await listing(0)
    expect(before.queries).toHaveLength(1)
    expect(after.queries).toHaveLength(1)
    expect(after.items.length).toBe(before.items.length + 2)
  })

  it('reads folders only through indexes, the child counts and subtree sizes included', async () => {
    const top = await makeFolderOf(20)
    for (const id of [0, top]) {
      for (const query of (await listing(id)).queries) {
        const reads = await folderReads(query)
        expect(reads.length).toBeGreaterThan(0)
        expect(reads.filter((read) => read.includes('Seq Scan') || read.includes('(whole index)'))).toEqual([])
      }
    }
  })
})

describe('Deleting a folder', () => {
  it('finds its books, their files and the covers it releases through indexes', async () => {
    const top = await makeFolderOf(20)
    const cover = `${'d'.repeat(32)}.png`
    await db.query(`INSERT INTO uploads (user_id, file_name, mime_type, size_bytes, attached_at) VALUES ($1, $2, 'image/png', 10, now())`, [
      user,
      cover,
    ])
    await db.query('UPDATE folders SET image_url = $2 WHERE id = $1', [top, `/uploads/${cover}`])
    db.queries.length = 0
    const res = await app.inject({ method: 'POST', url: '/v1/bookCreation/delete', headers: BASIC, payload: { id: top } })
    expect(res.statusCode).toBe(200)
    const statements = db.queries.filter((q) => /\bfolders\b/.test(q.sql) && !/^\s*(UPDATE|DELETE FROM folders)/.test(q.sql))
    expect(statements.length).toBeGreaterThan(0)
    for (const query of statements) {
      const reads = await folderReads(query)
      expect(reads.filter((read) => read.includes('Seq Scan') || read.includes('(whole index)'))).toEqual([])
    }
    expect(await db.query('SELECT 1 FROM uploads WHERE file_name = $1', [cover])).toEqual([])
  })
})
