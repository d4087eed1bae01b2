/**
 * The same rules on a real PostgreSQL (node-postgres), where requests really run concurrently.
 * Runs when TEST_DATABASE_URL points at a disposable database (its tables are emptied), e.g.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/kids_test npx vitest run --project server tests/server/pg-db.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { DEMO_CAPACITY_MB, DEMO_FOLDERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import type { FolderView } from '../../server/services/folder-view'
import { envelope, VIP } from './helpers/test-app'

const url = process.env.TEST_DATABASE_URL

describe.skipIf(!url)('on PostgreSQL', () => {
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
    const list = async () => envelope<FolderView>(await app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.starterBooks}`, headers: VIP }))
      .data.items?.map((f) => f.id) ?? []
    const before = await list()
    expect((await post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: before.slice(1) })).statusCode).toBe(400)
    expect(await list()).toEqual(before)
    const reversed = [...before].reverse()
    expect((await post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: reversed })).statusCode).toBe(200)
    expect(await list()).toEqual(reversed)
  })

  it('adds, reads and deletes a folder with the same SQL as PGlite', async () => {
    const added = envelope<FolderView>(await post('/v1/bookCreation/add', { parentId: 0, type: 1, title: ' 新文件夹 ', ages: ['3'], tags: [] })).data
    expect(added).toMatchObject({ title: '新文件夹', parentType: 0, ages: ['3'], childCnt: 0 })
    expect((await post('/v1/bookCreation/delete', { id: added.id })).statusCode).toBe(200)
  })
})
