/**
 * Issue 17 item 1: per-user limits. A folder holds at most 1,000 items and a user has at most
 * 2,000 folders; past either, adds and cloud-drive imports are refused with a Chinese 409 and
 * nothing is written. The rows up to the limit are written in bulk, the last ones through the API.
 */
import { describe, expect, it } from 'vitest'
import { THOUSAND_DIR } from '../../server/cloud-drive/demo/demo-drive'
import { insertRows } from '../../server/db/bulk'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { FOLDERS_PER_USER, ITEMS_PER_FOLDER } from '../../server/services/folder-limits'
import { fsId, grant, startImport } from './helpers/cloud-drive'
import { BASIC, envelope, setupServer } from './helpers/test-app'

const server = setupServer({ devRoutes: true })
const VIP_ID = DEMO_USERS.vip.id
const BASIC_ID = DEMO_USERS.basic.id

/** Fills `parentId` of `userId` with books (or type 1 folders) until it holds `total` items. */
async function fillTo(userId: number, parentId: number, total: number, type = 0): Promise<void> {
  const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE parent_id = $1', [parentId])
  const rows = Array.from({ length: total - row!.n }, (_, i) => ({
    user_id: userId,
    parent_id: parentId,
    type,
    title: `填充 ${i}`,
    position: 10_000 + i,
    file_size_mb: 0,
  }))
  await insertRows(server.db, 'folders', rows)
}

const snapshot = async () => ({
  folders: await server.db.query('SELECT id, parent_id, position, updated_at FROM folders ORDER BY id'),
  jobs: await server.db.query('SELECT id FROM cloud_import_jobs'),
})

const add = (parentId: number, type: number, headers?: Record<string, string>) =>
  server.post('/v1/bookCreation/add', { parentId, type, title: '新的一项' }, headers)

describe('Items per folder', () => {
  it(`takes the ${ITEMS_PER_FOLDER}th item of a folder and refuses the next with a Chinese 409, writing nothing`, async () => {
    await fillTo(VIP_ID, DEMO_FOLDERS.emptyFolder, ITEMS_PER_FOLDER - 1)
    expect((await add(DEMO_FOLDERS.emptyFolder, 0)).statusCode).toBe(200)
    const before = await snapshot()
    const res = await add(DEMO_FOLDERS.emptyFolder, 0)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ result: 'CONFLICT', data: null, msg: '该文件夹已满：每个文件夹最多存放 1000 项' })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a cloud-drive import that would overfill its folder, all or nothing, saying how much room is left', async () => {
    await grant(server.app)
    await fillTo(VIP_ID, DEMO_FOLDERS.emptyFolder, ITEMS_PER_FOLDER - 2)
    const before = await snapshot()
    const fsIds = [1, 2, 3].map((n) => fsId(`${THOUSAND_DIR}/Book 000${n}.pdf`))
    const res = await startImport(server.app, { fsIds, albumId: DEMO_FOLDERS.emptyFolder })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ result: 'CONFLICT', msg: '每个文件夹最多存放 1000 项，该文件夹还能放入 2 项' })
    expect(await snapshot()).toEqual(before)
  })

  it('counts the files a running import has still to add into the folder', async () => {
    await grant(server.app)
    await fillTo(VIP_ID, DEMO_FOLDERS.emptyFolder, ITEMS_PER_FOLDER - 3)
    const fsIds = [1, 2, 3].map((n) => fsId(`${THOUSAND_DIR}/Book 000${n}.pdf`))
    // The job is recorded but not started: its three files are still to come.
    await server.db.query(`INSERT INTO cloud_import_jobs (id, user_id, mode, target_id) VALUES ('pending-job', $1, 'album', $2)`, [
      VIP_ID,
      DEMO_FOLDERS.emptyFolder,
    ])
    await insertRows(
      server.db,
      'cloud_import_items',
      fsIds.map((id, position) => ({
        job_id: 'pending-job',
        position,
        fs_id: id,
        name: `Book ${position}.pdf`,
        folder_id: DEMO_FOLDERS.emptyFolder,
        size_mb: 0.01,
      })),
    )
    const res = await add(DEMO_FOLDERS.emptyFolder, 0)
    expect(res.statusCode).toBe(409)
  })

  it('refuses a parentId import of a cloud folder into a full folder', async () => {
    await grant(server.app)
    await fillTo(VIP_ID, DEMO_FOLDERS.collection, ITEMS_PER_FOLDER, 1)
    const before = await snapshot()
    const res = await startImport(server.app, { fsIds: [fsId('/睡前故事')], parentId: DEMO_FOLDERS.collection })
    expect(res.json()).toMatchObject({ result: 'CONFLICT', msg: '该文件夹已满：每个文件夹最多存放 1000 项' })
    expect(await snapshot()).toEqual(before)
  })
})

describe('Folders in all', () => {
  it(`takes the ${FOLDERS_PER_USER}th folder and refuses the next anywhere, an import's included, writing nothing`, async () => {
    // Type 2 folders at the root, each holding up to 999 type 1 folders.
    const [row] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE user_id = $1 AND type <> 0', [
      BASIC_ID,
    ])
    let missing = FOLDERS_PER_USER - 1 - row!.n
    while (missing > 0) {
      const [top] = await server.db.query<{ id: number }>(
        `INSERT INTO folders (user_id, type, title) VALUES ($1, 2, '分组') RETURNING id`,
        [BASIC_ID],
      )
      missing -= 1
      const inside = Math.min(missing, ITEMS_PER_FOLDER - 1)
      await fillTo(BASIC_ID, top!.id, inside, 1)
      missing -= inside
    }
    expect((await add(0, 2, BASIC)).statusCode).toBe(200)
    const before = await snapshot()
    const res = await add(0, 1, BASIC)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ result: 'CONFLICT', data: null, msg: '文件夹数量已达上限：最多可建 2000 个文件夹' })
    await grant(server.app, BASIC)
    const imported = await startImport(server.app, { fsIds: [fsId('/空文件夹', BASIC_ID)], parentId: 0 }, BASIC)
    expect(envelope(imported).result).toBe('CONFLICT')
    expect(await snapshot()).toEqual(before)
    // Books do not count as folders.
    const book = await add(DEMO_FOLDERS.basicFolder, 0, BASIC)
    expect(book.statusCode).toBe(200)
  })
})

describe('The largest cloud folder', () => {
  it(`still imports: ${ITEMS_PER_FOLDER} PDFs into one new folder`, async () => {
    await grant(server.app)
    const res = await startImport(server.app, { fsIds: [fsId(THOUSAND_DIR)], parentId: 0 })
    expect(res.json()).toMatchObject({ result: 'SUCCESS' })
    const [job] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cloud_import_items')
    expect(job!.n).toBe(ITEMS_PER_FOLDER)
    await server.app.importRunner.stop()
  })
})
