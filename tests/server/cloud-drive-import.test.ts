import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { THOUSAND_DIR } from '../../server/cloud-drive/demo/demo-drive'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { blobBytes, fsId, grant, importAndWait, jobReply, startImport } from './helpers/cloud-drive'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer({ devRoutes: true })

const HEN = '/英语绘本/The Little Red Hen.pdf'
const STARS = '/英语绘本/Counting Stars.pdf'
const SUNNY = '/英语绘本/SUNNY DAY.PDF'
const thousand = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => fsId(`${THOUSAND_DIR}/Book ${String(from + i).padStart(4, '0')}.pdf`))

/** Every row that an import may write, to show a refusal wrote nothing. */
const snapshot = async () => ({
  folders: await server.db.query('SELECT id, parent_id, title, file_size_mb, updated_at FROM folders ORDER BY id'),
  uploads: await server.db.query('SELECT id FROM uploads ORDER BY id'),
  jobs: await server.db.query('SELECT id FROM cloud_import_jobs'),
})

const capacity = async (headers = VIP) => envelope<{ total: number; used: number }>(await server.get('/v1/user/myCapacity', headers)).data

/** The file stored for a book, from its file_url. */
const storedFile = async (bookId: number) => {
  const [row] = await server.db.query<{ url: string }>('SELECT file_url AS url FROM folders WHERE id = $1', [bookId])
  expect(row!.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/)
  return readFileSync(join(server.dataDir, row!.url))
}

describe('POST /v1/cloudDrive/import with albumId', () => {
  it('makes each file a picture book at the end of the folder, titled without its suffix', async () => {
    await grant(server.app)
    const before = (await server.folder(DEMO_FOLDERS.natureBooks)).items
    const job = await importAndWait(server.app, { fsIds: [fsId(HEN), fsId(SUNNY), fsId(STARS)], albumId: DEMO_FOLDERS.natureBooks })
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, failed: [] })
    const after = (await server.folder(DEMO_FOLDERS.natureBooks)).items
    expect(after.slice(0, before.length)).toEqual(before.map((b) => ({ ...b, updateTime: expect.any(String) as unknown })))
    const added = after.slice(before.length)
    expect(added.map((b) => b.id)).toEqual(job.createdIds)
    expect(added.map((b) => [b.title, b.type, b.fileSuffix, b.parentId, b.status])).toEqual([
      ['The Little Red Hen', 0, 'pdf', DEMO_FOLDERS.natureBooks, 0],
      ['SUNNY DAY', 0, 'pdf', DEMO_FOLDERS.natureBooks, 0],
      ['Counting Stars', 0, 'pdf', DEMO_FOLDERS.natureBooks, 0],
    ])
  })

  it("keeps each book's real file, stored like an upload, and its real size, which counts against the capacity", async () => {
    await grant(server.app)
    const used = (await capacity()).used
    const job = await importAndWait(server.app, { fsIds: [fsId(HEN)], albumId: DEMO_FOLDERS.emptyFolder })
    const [bookId] = job.createdIds
    const bytes = await storedFile(bookId!)
    expect(bytes.equals(blobBytes(server.dataDir, 'little-red-hen.pdf'))).toBe(true)
    const book = (await server.folder(DEMO_FOLDERS.emptyFolder)).items[0]!
    expect(book.fileSizeMb).toBe(Math.max(0.01, Math.round((bytes.length / 1048576) * 100) / 100))
    const [upload] = await server.db.query<{ size: string; mime: string; name: string }>(
      'SELECT size_bytes::text AS size, mime_type AS mime, original_name AS name FROM uploads WHERE user_id = $1',
      [DEMO_USERS.vip.id],
    )
    expect(upload).toEqual({ size: String(bytes.length), mime: 'application/pdf', name: 'The Little Red Hen.pdf' })
    expect((await capacity()).used).toBeCloseTo(used + book.fileSizeMb, 5)
    const served = await server.inject({
      method: 'GET',
      url: (await server.db.query<{ u: string }>('SELECT file_url AS u FROM folders WHERE id = $1', [bookId]))[0]!.u,
    })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(bytes)).toBe(true)
  })

  it('accepts 100 fsIds at once', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: thousand(100), albumId: DEMO_FOLDERS.emptyFolder })
    expect(job).toMatchObject({ status: 'done', done: 100, total: 100 })
    expect((await server.folder(DEMO_FOLDERS.emptyFolder)).items.map((b) => b.title).slice(0, 2)).toEqual(['Book 0001', 'Book 0002'])
  })
})

describe('POST /v1/cloudDrive/import with parentId', () => {
  it('makes each cloud folder a type 1 folder holding its PDFs directly inside, without its subfolders', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: [fsId('/英语绘本')], parentId: DEMO_FOLDERS.collection })
    expect(job).toMatchObject({ status: 'done', done: 4, total: 4, failed: [] })
    expect(job.createdIds).toHaveLength(1)
    const collection = await server.folder(DEMO_FOLDERS.collection)
    const created = collection.items.at(-1)!
    expect([created.id, created.title, created.type, created.parentId]).toEqual([job.createdIds[0], '英语绘本', 1, DEMO_FOLDERS.collection])
    const inside = (await server.folder(created.id)).items
    expect(inside.map((b) => [b.title, b.type, b.fileSuffix])).toEqual([
      ['Brown Bear Says Hello', 0, 'pdf'],
      ['Counting Stars', 0, 'pdf'],
      ['SUNNY DAY', 0, 'pdf'],
      ['The Little Red Hen', 0, 'pdf'],
    ])
    expect(inside.every((b) => b.fileSizeMb > 0)).toBe(true)
  })

  it('creates folders at the root with parentId 0, an empty one for an empty cloud folder', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: [fsId('/空文件夹'), fsId('/英语绘本/动物故事')], parentId: 0 })
    expect(job).toMatchObject({ status: 'done', done: 2, total: 2 })
    const root = await server.folder(0)
    expect(root.items.slice(-2).map((f) => [f.id, f.title, f.type, f.childCnt])).toEqual([
      [job.createdIds[0], '空文件夹', 1, 0],
      [job.createdIds[1], '动物故事', 1, 2],
    ])
  })
})

describe('partial failure', () => {
  it('keeps the files that worked and lists the one that could not be read', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: [fsId('/睡前故事')], parentId: 0 })
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, failed: [{ name: '损坏的绘本.pdf', msg: '读取网盘文件失败' }] })
    const folder = await server.folder(job.createdIds[0]!)
    expect(folder.items.map((b) => b.title)).toEqual(['Good Night, Little Bear', 'The Moon and the Cat'])
  })

  it('ends as failed when every file failed, creating no book', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: [fsId('/睡前故事/损坏的绘本.pdf')], albumId: DEMO_FOLDERS.emptyFolder })
    expect(job).toEqual({
      status: 'failed',
      done: 1,
      total: 1,
      createdIds: [],
      failed: [{ name: '损坏的绘本.pdf', msg: '读取网盘文件失败' }],
    })
    expect((await server.folder(DEMO_FOLDERS.emptyFolder)).items).toEqual([])
    expect(await server.db.query('SELECT 1 FROM uploads')).toEqual([])
  })
})

describe('refusals leave everything as it was', () => {
  const refuses = async (body: unknown, status: number, result: string, msg: string, headers = VIP) => {
    const before = await snapshot()
    const res = await startImport(server.app, body, headers)
    expect(res.json()).toEqual({ result, data: null, msg })
    expect(res.statusCode).toBe(status)
    expect(await snapshot()).toEqual(before)
  }

  it("refuses another user's folder as if it did not exist (404)", async () => {
    await grant(server.app)
    await refuses({ fsIds: [fsId(HEN)], albumId: DEMO_FOLDERS.basicFolder }, 404, 'NOT_FOUND', '文件夹不存在')
    await refuses({ fsIds: [fsId('/英语绘本')], parentId: DEMO_FOLDERS.basicFolder }, 404, 'NOT_FOUND', '上级文件夹不存在')
    await refuses({ fsIds: [fsId(HEN)], albumId: 99_999 }, 404, 'NOT_FOUND', '文件夹不存在')
  })

  it('refuses a target of the wrong kind (400)', async () => {
    await grant(server.app)
    await refuses({ fsIds: [fsId(HEN)], albumId: DEMO_FOLDERS.collection }, 400, 'BAD_REQUEST', '绘本只能放在绘本文件夹中')
    await refuses(
      { fsIds: [fsId('/英语绘本')], parentId: DEMO_FOLDERS.starterBooks },
      400,
      'BAD_REQUEST',
      '绘本文件夹只能放在根目录或合集文件夹中',
    )
  })

  it("refuses an fsId of the wrong kind, of another suffix, or unknown in this user's drive (400)", async () => {
    await grant(server.app)
    await refuses(
      { fsIds: [fsId(HEN), fsId('/英语绘本/动物故事')], albumId: DEMO_FOLDERS.emptyFolder },
      400,
      'BAD_REQUEST',
      '请选择PDF文件，不能选择文件夹',
    )
    await refuses({ fsIds: [fsId('/英语绘本/课程表.xlsx')], albumId: DEMO_FOLDERS.emptyFolder }, 400, 'BAD_REQUEST', '只能导入PDF文件')
    await refuses({ fsIds: [fsId('/英语绘本'), fsId(HEN)], parentId: 0 }, 400, 'BAD_REQUEST', '请选择文件夹，不能选择文件')
    await refuses(
      { fsIds: [fsId(HEN, DEMO_USERS.basic.id)], albumId: DEMO_FOLDERS.emptyFolder },
      400,
      'BAD_REQUEST',
      '所选网盘文件不存在或已被删除',
    )
    await refuses({ fsIds: ['999'], albumId: DEMO_FOLDERS.emptyFolder }, 400, 'BAD_REQUEST', '所选网盘文件不存在或已被删除')
  })

  it('refuses an import larger than the remaining capacity with 409 CAPACITY 空间不足, and takes one that fits exactly', async () => {
    await grant(server.app, BASIC)
    // The basic user has 1024 MB and uses 39.9: with 40 MB in all, 0.1 MB (ten 0.01 MB books) is left.
    await server.db.query('UPDATE capacities SET total_mb = 40 WHERE user_id = $1', [DEMO_USERS.basic.id])
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => fsId(`${THOUSAND_DIR}/Book ${String(i + 1).padStart(4, '0')}.pdf`, DEMO_USERS.basic.id))
    await refuses({ fsIds: ids(11), albumId: DEMO_FOLDERS.basicFolder }, 409, 'CAPACITY', '空间不足', BASIC)
    const job = await importAndWait(server.app, { fsIds: ids(10), albumId: DEMO_FOLDERS.basicFolder }, BASIC)
    expect(job).toMatchObject({ status: 'done', done: 10 })
    expect(await capacity(BASIC)).toEqual({ total: 40, used: 40, claimed: false })
    await refuses({ fsIds: ids(1), albumId: DEMO_FOLDERS.basicFolder }, 409, 'CAPACITY', '空间不足', BASIC)
  })

  it('counts every file of the cloud folders of a parentId import against the capacity', async () => {
    await grant(server.app, BASIC)
    await server.db.query('UPDATE capacities SET total_mb = 40 WHERE user_id = $1', [DEMO_USERS.basic.id])
    // One folder id, 1,000 files of 0.01 MB: 10 MB.
    await refuses({ fsIds: [fsId(THOUSAND_DIR, DEMO_USERS.basic.id)], parentId: 0 }, 409, 'CAPACITY', '空间不足', BASIC)
  })

  it('refuses no fsIds, more than 100, duplicates, and both or neither target with a Chinese 400', async () => {
    await grant(server.app)
    const album = DEMO_FOLDERS.emptyFolder
    await refuses({ fsIds: [], albumId: album }, 400, 'BAD_REQUEST', '参数 fsIds 至少需要 1 项')
    await refuses({ fsIds: thousand(101), albumId: album }, 400, 'BAD_REQUEST', '参数 fsIds 最多 100 项')
    await refuses({ albumId: album }, 400, 'BAD_REQUEST', '缺少参数 fsIds')
    await refuses({ fsIds: [fsId(HEN), fsId(HEN)], albumId: album }, 400, 'BAD_REQUEST', '参数 fsIds 不能包含重复项')
    await refuses({ fsIds: [fsId(HEN)], albumId: album, parentId: 0 }, 400, 'BAD_REQUEST', 'albumId 和 parentId 必须且只能提供一个')
    await refuses({ fsIds: [fsId(HEN)] }, 400, 'BAD_REQUEST', 'albumId 和 parentId 必须且只能提供一个')
  })

  it('refuses values of the wrong type with a Chinese 400', async () => {
    await grant(server.app)
    await refuses({ fsIds: fsId(HEN), albumId: 13 }, 400, 'BAD_REQUEST', '参数 fsIds 应为数组')
    await refuses({ fsIds: [Number(fsId(HEN))], albumId: 13 }, 400, 'BAD_REQUEST', '参数 fsIds[0] 应为字符串')
    await refuses({ fsIds: ['../etc'], albumId: 13 }, 400, 'BAD_REQUEST', '参数 fsIds[0] 格式不正确')
    await refuses({ fsIds: [fsId(HEN)], albumId: '13' }, 400, 'BAD_REQUEST', '参数 albumId 应为整数')
    await refuses({ fsIds: [fsId(HEN)], parentId: -1 }, 400, 'BAD_REQUEST', '参数 parentId 超出允许范围')
  })
})

describe('GET /v1/cloudDrive/import/{jobId}', () => {
  it("answers another user's job, or an unknown one, with 404", async () => {
    await grant(server.app)
    await grant(server.app, BASIC)
    const res = await startImport(server.app, { fsIds: [fsId(HEN)], albumId: DEMO_FOLDERS.emptyFolder })
    const { jobId } = envelope<{ jobId: string }>(res).data
    await server.app.importRunner.idle()
    for (const reply of [await jobReply(server.app, jobId, BASIC), await jobReply(server.app, '00000000-0000-4000-8000-000000000000')]) {
      expect(reply.statusCode).toBe(404)
      expect(reply.json()).toEqual({ result: 'NOT_FOUND', data: null, msg: '导入任务不存在' })
    }
    expect((await jobReply(server.app, jobId)).statusCode).toBe(200)
  })

  it('refuses a malformed job id with a Chinese 400', async () => {
    await grant(server.app)
    const res = await jobReply(server.app, 'a%20b')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg: '参数 jobId 格式不正确' })
  })
})

describe('development routes', () => {
  it('exist only when the app is built with devRoutes', async () => {
    const app = await buildApp({ db: server.db, dataDir: server.dataDir })
    try {
      const res = await app.inject({ method: 'POST', url: '/v1/dev/cloudDrive/grant', headers: VIP, payload: {} })
      expect(res.statusCode).toBe(404)
      expect(envelope(await app.inject({ method: 'GET', url: '/v1/cloudDrive/status', headers: VIP })).data).toEqual({
        authorized: false,
        accountName: '',
      })
    } finally {
      await app.close()
    }
  })

  it('refuses a grant length out of range with a Chinese 400', async () => {
    const res = await server.post('/v1/dev/cloudDrive/grant', { expiresInSeconds: 0 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg: '参数 expiresInSeconds 超出允许范围' })
  })
})
