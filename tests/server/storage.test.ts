/**
 * Issue 32 item 1: storage that adds up. A cover is a picture the user uploaded (or an http(s)
 * address) and counts against the capacity while a folder shows it; deleting a folder, a book or an
 * import deletes its files; files a crash left without a row are collected; and no route, alone or
 * mixed with the others, stores more bytes than the capacity.
 */
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { THOUSAND_DIR } from '../../server/cloud-drive/demo/demo-drive'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { fsId, grant, importAndWait, startImport } from './helpers/cloud-drive'
import { BASIC, envelope, folderOf, setupServer, VIP } from './helpers/test-app'
import { pdfOf, pngOf, uploadedUrl, uploadFile } from './helpers/uploads'

const server = setupServer({ devRoutes: true })
const uploadsDir = () => join(server.dataDir, 'uploads')
const nameOf = (url: string) => url.split('/').pop()!
const isStored = (url: string) => existsSync(join(uploadsDir(), nameOf(url)))
const hasRow = async (url: string) => (await server.db.query('SELECT 1 FROM uploads WHERE file_name = $1', [nameOf(url)])).length > 0
const used = async () => envelope<{ used: number }>(await server.get('/v1/user/myCapacity')).data.used

/** Uploads a file that must be accepted; returns its URL. */
async function stored(content: Buffer, name: string, headers = VIP): Promise<string> {
  const url = uploadedUrl(await uploadFile(server.app, content, name, headers))
  expect(url).not.toBeNull()
  return url!
}

/** bookCreation/add of a type 1 folder at the root. */
const addFolder = (extra: Record<string, unknown> = {}) =>
  server.post('/v1/bookCreation/add', { parentId: 0, type: 1, title: '封面测试', ...extra })
const deleteItem = (id: number) => server.post('/v1/bookCreation/delete', { id })

describe('A cover', () => {
  it("must be the caller's own uploaded picture: another user's, an unknown one or a PDF is refused, nothing added", async () => {
    const rootBefore = (await server.folder(0)).items.length
    const others = await stored(pngOf(100), 'basic.png', BASIC)
    const pdf = await stored(pdfOf(100), 'book.pdf')
    for (const [imageUrl, msg] of [
      [others, '封面图片不存在，请重新上传'],
      [`/uploads/${'0'.repeat(32)}.png`, '封面图片不存在，请重新上传'],
      [pdf, '封面只能是图片'],
    ]) {
      const res = await addFolder({ imageUrl })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg })
    }
    expect((await server.folder(0)).items).toHaveLength(rootBefore)
  })

  it('counts against the capacity while a folder shows it, and goes with the last folder that shows it', async () => {
    const before = await used()
    const url = await stored(pngOf(50 * 1024), 'cover.png')
    expect(await used()).toBeCloseTo(before + 0.05, 5)
    const first = folderOf(await addFolder({ imageUrl: url }))
    const second = folderOf(await addFolder({ imageUrl: url }))
    expect(first.imageUrl).toBe(url)
    expect(await used()).toBeCloseTo(before + 0.05, 5)
    await deleteItem(first.id)
    expect(isStored(url)).toBe(true)
    expect(await used()).toBeCloseTo(before + 0.05, 5)
    await deleteItem(second.id)
    expect(isStored(url)).toBe(false)
    expect(await hasRow(url)).toBe(false)
    expect(await used()).toBeCloseTo(before, 5)
  })

  it('replaced or removed, is deleted at once', async () => {
    const before = await used()
    const [one, two] = [await stored(pngOf(20 * 1024), 'one.png'), await stored(pngOf(30 * 1024), 'two.png')]
    const folder = folderOf(await addFolder({ imageUrl: one }))
    expect((await server.post('/v1/bookCreation/update', { id: folder.id, imageUrl: two })).statusCode).toBe(200)
    expect([isStored(one), await hasRow(one), isStored(two)]).toEqual([false, false, true])
    expect(await used()).toBeCloseTo(before + 0.03, 5)
    expect((await server.post('/v1/bookCreation/update', { id: folder.id, imageUrl: '' })).statusCode).toBe(200)
    expect([isStored(two), await hasRow(two)]).toEqual([false, false])
    expect(await used()).toBeCloseTo(before, 5)
  })

  it.each([
    ['/\\evil.example/x.png'],
    ['/\t/evil.example/x.png'],
    ['//evil.example/x.png'],
    ['\\\\evil.example/x.png'],
    ['https:evil.example/x.png'],
    ['https://user:secret@cdn.example.com/x.png'],
    ['ftp://cdn.example.com/x.png'],
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    [`/uploads/../uploads/${'a'.repeat(32)}.png`],
    [`/uploads/%61${'a'.repeat(31)}.png`],
    [`/uploads/${'a'.repeat(32)}.png?x=1`],
    ['/media/books/cover.png'],
  ])('is read as a browser resolves it: %j is refused', async (imageUrl) => {
    const res = await server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.emptyFolder, imageUrl })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('封面地址无效')
  })

  it('may be an http(s) address, or the cover the folder already has, sent back unchanged', async () => {
    for (const imageUrl of ['https://cdn.example.com/c.png', 'HTTP://CDN.example.com/c.png?size=2']) {
      expect(folderOf(await server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.emptyFolder, imageUrl })).imageUrl).toBe(imageUrl)
    }
    const demo = await server.folder(DEMO_FOLDERS.collection)
    expect(demo.imageUrl).toMatch(/^\/media\//)
    const res = await server.post('/v1/bookCreation/update', { id: demo.id, title: '改名', imageUrl: demo.imageUrl })
    expect(folderOf(res)).toMatchObject({ title: '改名', imageUrl: demo.imageUrl })
  })
})

/** The stored files of the books in folder `id`. */
const bookFiles = async (id: number) =>
  (await server.db.query<{ url: string }>('SELECT file_url AS url FROM folders WHERE parent_id = $1 ORDER BY id', [id])).map((r) => r.url)

describe('Deleting', () => {
  it('a folder made by an import deletes its books’ files and its cover at once; their sizes stop counting', async () => {
    await grant(server.app)
    const before = await used()
    const job = await importAndWait(server.app, { fsIds: [fsId('/英语绘本')], parentId: 0 })
    const [folderId] = job.createdIds
    const files = await bookFiles(folderId!)
    expect(files.length).toBeGreaterThan(0)
    const cover = await stored(pngOf(10 * 1024), 'cover.png')
    await server.post('/v1/bookCreation/update', { id: folderId, imageUrl: cover })
    expect([...files, cover].every(isStored)).toBe(true)
    expect(await used()).toBeGreaterThan(before)
    expect((await deleteItem(folderId!)).statusCode).toBe(200)
    expect([...files, cover].filter(isStored)).toEqual([])
    expect(await server.db.query('SELECT file_name FROM uploads WHERE user_id = $1', [DEMO_USERS.vip.id])).toEqual([])
    expect(await used()).toBeCloseTo(before, 5)
  })

  it('a book deletes its file', async () => {
    await grant(server.app)
    const job = await importAndWait(server.app, { fsIds: [fsId('/英语绘本/Counting Stars.pdf')], albumId: DEMO_FOLDERS.emptyFolder })
    const [file] = await bookFiles(DEMO_FOLDERS.emptyFolder)
    expect(isStored(file!)).toBe(true)
    await deleteItem(job.createdIds[0]!)
    expect([isStored(file!), await hasRow(file!)]).toEqual([false, false])
  })
})

describe('The collector, on start', () => {
  /** Builds a second app on the same data (a restart) and lets it start. */
  const restart = async () => {
    const app = await buildApp({ db: server.db, dataDir: server.dataDir })
    await app.ready()
    await app.close()
  }
  const ELEVEN_MINUTES_AGO = new Date(Date.now() - 11 * 60 * 1000)

  it('removes the files a crash left without a row once they are 10 minutes old', async () => {
    const hex = (c: string) => c.repeat(32)
    const [oldBook, oldPart, young] = [`${hex('a')}.pdf`, `.${hex('b')}.part`, `${hex('c')}.png`]
    for (const name of [oldBook, oldPart, young]) writeFileSync(join(uploadsDir(), name), 'left by a crash')
    for (const name of [oldBook, oldPart]) utimesSync(join(uploadsDir(), name), ELEVEN_MINUTES_AGO, ELEVEN_MINUTES_AGO)
    const kept = await stored(pngOf(100), 'kept.png')
    utimesSync(join(uploadsDir(), nameOf(kept)), ELEVEN_MINUTES_AGO, ELEVEN_MINUTES_AGO)
    await restart()
    const left = readdirSync(uploadsDir())
    expect(left).not.toContain(oldBook)
    expect(left).not.toContain(oldPart)
    expect(left).toContain(young)
    expect(left).toContain(nameOf(kept))
  })

  it('deletes the covers no folder shows any more (an older server left them behind)', async () => {
    const url = await stored(pngOf(100), 'cover.png')
    const folder = folderOf(await addFolder({ imageUrl: url }))
    await server.db.query(`UPDATE folders SET image_url = '' WHERE id = $1`, [folder.id])
    await restart()
    expect([isStored(url), await hasRow(url)]).toEqual([false, false])
  })
})

describe('No route stores more than the capacity', () => {
  it('uploads, covers and imports mixed, in parallel rounds, keep the bytes stored within the room left', async () => {
    await grant(server.app)
    const { total, used: usedBefore } = envelope<{ total: number; used: number }>(await server.get('/v1/user/myCapacity')).data
    const newTotal = Math.ceil(usedBefore) + 1
    await server.db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [DEMO_USERS.vip.id, newTotal])
    expect(newTotal).toBeLessThan(total)
    const roomBytes = (newTotal - usedBefore) * 1048576
    const filesBefore = new Set(readdirSync(uploadsDir()))
    let next = 1
    for (let round = 0; round < 6; round++) {
      // Pictures to become covers, small files that round to less than they hold, a PDF, an import.
      const replies = await Promise.all([
        ...Array.from({ length: 3 }, (_, i) => uploadFile(server.app, pngOf(200 * 1024), `cover-${round}-${i}.png`)),
        ...Array.from({ length: 4 }, (_, i) => uploadFile(server.app, pngOf(15 * 1024), `small-${round}-${i}.png`)),
        uploadFile(server.app, pdfOf(100 * 1024), `book-${round}.pdf`),
        startImport(server.app, {
          fsIds: [0, 1].map((i) => fsId(`${THOUSAND_DIR}/Book ${String(next + i).padStart(4, '0')}.pdf`)),
          albumId: DEMO_FOLDERS.emptyFolder,
        }),
      ])
      next += 2
      const covers = [...replies.slice(0, 3), replies[7]!].flatMap((res) => uploadedUrl(res) ?? [])
      await Promise.all(covers.map((imageUrl, i) => addFolder({ title: `封面 ${round}-${i}`, imageUrl })))
    }
    await server.app.importRunner.idle()
    const added = readdirSync(uploadsDir()).filter((name) => !filesBefore.has(name))
    const bytes = added.reduce((sum, name) => sum + statSync(join(uploadsDir(), name)).size, 0)
    expect(added.length).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(roomBytes)
    expect(envelope<{ used: number }>(await server.get('/v1/user/myCapacity')).data.used).toBeLessThanOrEqual(newTotal)
  })
})
