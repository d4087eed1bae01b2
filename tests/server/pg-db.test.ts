/**
 * The same rules on a real PostgreSQL (node-postgres), where requests really run concurrently.
 * Runs on TEST_DATABASE_URL, a disposable database (its tables are emptied), which `npm test` starts
 * (helpers/test-database.ts). By hand:
 *   npm run with-postgres -- "npx vitest run tests/server/pg-db.test.ts"
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { DEMO_CAPACITY_MB, DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { ITEMS_PER_FOLDER } from '../../server/services/folder-limits'
import { resetTables } from '../../server/seed/seed'
import type { FolderView } from '../../server/services/folder-view'
import { envelope, VIP } from './helpers/test-app'
import { noTestDatabase, testDatabaseUrl as url } from './helpers/test-database'
import { pngOf, uploadedUrl, uploadFile } from './helpers/uploads'

describe('on PostgreSQL', skipBecause(noTestDatabase), () => {
  let db: Db
  let app: FastifyInstance
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kids-english-pg-'))
    db = await openDb({ databaseUrl: url })
    app = await buildApp({ db, dataDir })
  })
  beforeEach(() => resetTables(db))
  afterAll(async () => {
    await app?.close()
    await db?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (path: string, body: unknown) => app.inject({ method: 'POST', url: path, headers: VIP, payload: body as object })

  it('grants exactly once out of ten concurrent claims', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => post('/v1/activity/vipGetFreeSpace', {})))
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
    const capacity = await app.inject({ method: 'GET', url: '/v1/user/myCapacity', headers: VIP })
    expect(envelope<{ total: number }>(capacity).data.total).toBe(DEMO_CAPACITY_MB.vip + 10240)
  })

  it('keeps the order when a move is refused, and saves a valid one', async () => {
    const list = async () =>
      envelope<FolderView>(
        await app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.starterBooks}`, headers: VIP }),
      ).data.items?.map((f) => f.id) ?? []
    const before = await list()
    expect((await post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: before.slice(1) })).statusCode).toBe(400)
    expect(await list()).toEqual(before)
    const reversed = [...before].reverse()
    expect((await post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: reversed })).statusCode).toBe(200)
    expect(await list()).toEqual(reversed)
  })

  const children = async (id: number) =>
    envelope<FolderView>(await app.inject({ method: 'GET', url: `/v1/directory/${id}`, headers: VIP })).data.items?.map((f) => f.id) ?? []
  const addFolder = async (parentId: number, type: number, title: string) =>
    envelope<FolderView>(await post('/v1/bookCreation/add', { parentId, type, title })).data.id
  const statuses = (replies: { statusCode: number }[]) => [...new Set(replies.map((r) => r.statusCode))].sort()

  it('applies concurrent moves one after another, ending in one of the requested orders', async () => {
    // Several rounds: a deadlock between movers depends on timing.
    for (let round = 0; round < 10; round++) {
      const start = await children(DEMO_FOLDERS.starterBooks)
      const orders = Array.from({ length: 8 }, (_, i) => [...start.slice(i), ...start.slice(0, i)].reverse())
      const replies = await Promise.all(orders.map((ids) => post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids })))
      expect(statuses(replies)).toEqual([200])
      expect(orders).toContainEqual(await children(DEMO_FOLDERS.starterBooks))
    }
  })

  it('keeps a move atomic while books are added to the same folder', async () => {
    const start = await children(DEMO_FOLDERS.starterBooks)
    const reversed = [...start].reverse()
    const [move, ...adds] = await Promise.all([
      post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: reversed }),
      ...Array.from({ length: 5 }, (_, i) =>
        post('/v1/bookCreation/add', { parentId: DEMO_FOLDERS.starterBooks, type: 0, title: `新书${i}` }),
      ),
    ])
    expect(statuses(adds)).toEqual([200])
    expect([200, 400]).toContain(move!.statusCode)
    const after = await children(DEMO_FOLDERS.starterBooks)
    expect(after.filter((id) => start.includes(id))).toEqual(move!.statusCode === 200 ? reversed : start)
    expect(after).toHaveLength(start.length + 5)
  })

  it('keeps a move atomic while one of its books is deleted', async () => {
    const start = await children(DEMO_FOLDERS.starterBooks)
    const reversed = [...start].reverse()
    const [move, del] = await Promise.all([
      post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: reversed }),
      post('/v1/bookCreation/delete', { id: start[3] }),
    ])
    expect(del!.statusCode).toBe(200)
    expect([200, 400]).toContain(move!.statusCode)
    const kept = (ids: number[]) => ids.filter((id) => id !== start[3])
    expect(await children(DEMO_FOLDERS.starterBooks)).toEqual(kept(move!.statusCode === 200 ? reversed : start))
  })

  it('answers adds racing the delete of their folder with 200 or 404, never a 500', async () => {
    for (let round = 0; round < 10; round++) {
      const folder = await addFolder(0, 1, `将删除${round}`)
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => post('/v1/bookCreation/add', { parentId: folder, type: 0, title: `书${i}` })),
        post('/v1/bookCreation/delete', { id: folder }),
        ...Array.from({ length: 4 }, (_, i) => post('/v1/bookCreation/add', { parentId: folder, type: 0, title: `书${i + 4}` })),
      ])
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true)
      expect(await children(0)).not.toContain(folder)
    }
  })

  it('answers updates racing the delete of their folder with 200 or 404, never a 500', async () => {
    for (let round = 0; round < 10; round++) {
      const folder = await addFolder(0, 1, `将删除${round}`)
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => post('/v1/bookCreation/update', { id: folder, title: `改名${i}` })),
        post('/v1/bookCreation/delete', { id: folder }),
        ...Array.from({ length: 4 }, () => post('/v1/bookCreation/update', { id: folder, status: 1 })),
      ])
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true)
    }
  })

  it('gives ten concurrent adds distinct places at the end of their folder', async () => {
    const start = await children(DEMO_FOLDERS.starterBooks)
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/v1/bookCreation/add', { parentId: DEMO_FOLDERS.starterBooks, type: 0, title: `新书${i}` }),
      ),
    )
    const added = replies.map((r) => envelope<FolderView>(r).data.id)
    const after = await children(DEMO_FOLDERS.starterBooks)
    expect(after.slice(0, start.length)).toEqual(start)
    expect([...after.slice(start.length)].sort()).toEqual([...added].sort())
    const [places] = await db.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT position)::int AS distinct FROM folders WHERE parent_id = $1',
      [DEMO_FOLDERS.starterBooks],
    )
    expect(places).toEqual({ n: start.length + 10, distinct: start.length + 10 })
    const folder = envelope<FolderView>(
      await app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.starterBooks}`, headers: VIP }),
    ).data
    expect(folder.childCnt).toBe(start.length + 10)
  })

  it('adds, reads and deletes a folder with the same SQL as PGlite', async () => {
    const added = envelope<FolderView>(
      await post('/v1/bookCreation/add', { parentId: 0, type: 1, title: ' 新文件夹 ', ages: ['3'], tags: [] }),
    ).data
    expect(added).toMatchObject({ title: '新文件夹', parentType: 0, ages: ['3'], childCnt: 0 })
    expect((await post('/v1/bookCreation/delete', { id: added.id })).statusCode).toBe(200)
  })

  it('lets exactly one of ten concurrent adds take the last place of a folder at the item limit', async () => {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE parent_id = $1', [DEMO_FOLDERS.emptyFolder])
    const fill = ITEMS_PER_FOLDER - 1 - row!.n
    await db.query(
      `INSERT INTO folders (user_id, parent_id, type, title, position)
       SELECT $1, $2, 0, '填充 ' || n, 10000 + n FROM generate_series(1, $3::int) n`,
      [DEMO_USERS.vip.id, DEMO_FOLDERS.emptyFolder, fill],
    )
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/v1/bookCreation/add', { parentId: DEMO_FOLDERS.emptyFolder, type: 0, title: `最后一本${i}` }),
      ),
    )
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
    const folder = envelope<FolderView>(
      await app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.emptyFolder}`, headers: VIP }),
    ).data
    expect(folder.childCnt).toBe(ITEMS_PER_FOLDER)
  })

  it('lists a folder with the same child counts and sizes as PGlite', async () => {
    const folder = envelope<FolderView>(
      await app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.collection}`, headers: VIP }),
    ).data
    expect(folder.items?.map((f) => f.childCnt)).toEqual([12, 3, 0])
    const sum = (folder.items ?? []).reduce((total, f) => total + f.fileSizeMb, 0)
    expect(folder.fileSizeMb).toBeCloseTo(sum, 2)
    expect(folder.fileSizeMb).toBeGreaterThan(0)
  })

  it('runs a batch as one transaction, rolled back whole when a statement fails', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS batch_probe (n int); TRUNCATE batch_probe')
    expect(await db.batch([{ sql: 'INSERT INTO batch_probe VALUES ($1) RETURNING n', params: [1] }])).toEqual([[{ n: 1 }]])
    await expect(db.batch([{ sql: 'INSERT INTO batch_probe VALUES (2)' }, { sql: 'SELECT $1::int', params: ['x'] }])).rejects.toMatchObject(
      {
        code: '22P02',
      },
    )
    expect(await db.query('SELECT n FROM batch_probe')).toEqual([{ n: 1 }])
    await db.exec('DROP TABLE batch_probe')
  })

  it('stores no more than the capacity when uploads and covers race', async () => {
    const { used } = envelope<{ used: number }>(await app.inject({ method: 'GET', url: '/v1/user/myCapacity', headers: VIP })).data
    const total = Math.ceil(used) + 1
    await db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [DEMO_USERS.vip.id, total])
    const filesBefore = new Set(readdirSync(join(dataDir, 'uploads')))
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => uploadFile(app, pngOf(200 * 1024), `c${i}.png`)))
    const urls = replies.flatMap((res) => uploadedUrl(res) ?? [])
    expect(urls.length).toBeGreaterThan(0)
    expect(urls.length).toBeLessThan(12)
    await Promise.all(urls.map((imageUrl, i) => post('/v1/bookCreation/add', { parentId: 0, type: 1, title: `封面${i}`, imageUrl })))
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => uploadFile(app, pngOf(200 * 1024), `d${i}.png`)))
    expect(statuses(again)).toEqual([409])
    const bytes = readdirSync(join(dataDir, 'uploads'))
      .filter((name) => !filesBefore.has(name))
      .reduce((sum, name) => sum + statSync(join(dataDir, 'uploads', name)).size, 0)
    expect(bytes).toBeLessThanOrEqual((total - used) * 1048576)
  })

  it('keeps a cover that a new folder takes while the last folder showing it is deleted, or refuses the new folder', async () => {
    for (let round = 0; round < 10; round++) {
      const url = uploadedUrl(await uploadFile(app, pngOf(1024), `r${round}.png`))!
      const first = envelope<FolderView>(
        await post('/v1/bookCreation/add', { parentId: 0, type: 1, title: `旧${round}`, imageUrl: url }),
      ).data
      const [del, add] = await Promise.all([
        post('/v1/bookCreation/delete', { id: first.id }),
        post('/v1/bookCreation/add', { parentId: 0, type: 1, title: `新${round}`, imageUrl: url }),
      ])
      expect(del!.statusCode).toBe(200)
      expect([200, 400]).toContain(add!.statusCode)
      const kept = (await db.query('SELECT 1 FROM uploads WHERE file_name = $1', [url.split('/').pop()])).length === 1
      expect(kept).toBe(add!.statusCode === 200)
      expect(existsSync(join(dataDir, url))).toBe(kept)
    }
  })
})
