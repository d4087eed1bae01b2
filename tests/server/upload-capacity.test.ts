/**
 * The capacity rules, in one place (issue 17 item 4, issue 32, issue 33 item 6): the room left is the
 * total − the user's books − their uploads that no book counts (unattached, or a cover) − the files their
 * running cloud-drive imports have still to add. An upload counts until it is collected (unattached for a
 * day: row and file deleted, on start and every 15 minutes); a user over capacity is refused with 409
 * `CAPACITY` `空间不足`; two file parts in one request are a 400. Imports and covers racing uploads:
 * storage.test.ts; an import's own files: cloud-drive-job-files.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { countUploads } from '../../server/repositories/uploads-repository'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()
const VIP_ID = DEMO_USERS.vip.id
const BOUNDARY = '----upload-capacity-boundary'

const filePart = (content: Buffer, name: string, field = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ])
const post = (...parts: Buffer[]) =>
  server.inject({
    method: 'POST',
    url: '/v1/upload',
    payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { ...VIP, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  })
/** A PDF of about `mb` MB. */
const pdf = (mb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.round(mb * 1048576), 0x20)])
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 0)])

const capacity = async () => envelope<{ total: number; used: number }>(await server.get('/v1/user/myCapacity')).data
const uploadsDir = () => join(server.dataDir, 'uploads')
const uploadUrl = (res: { json: () => unknown }) => (res.json() as { data: { url: string } }).data.url

describe('An upload', () => {
  it('counts against the capacity, attached as a cover too', async () => {
    const before = await capacity()
    const res = await post(filePart(pdf(2), 'a.pdf'))
    expect(res.statusCode).toBe(200)
    // 2 MB and the 9 bytes of the PDF header: rounded up.
    expect((await capacity()).used).toBeCloseTo(before.used + 2.01, 2)
    const cover = await post(filePart(PNG, 'cover.png'))
    const url = uploadUrl(cover)
    const updated = await server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.emptyFolder, imageUrl: url })
    expect(updated.statusCode).toBe(200)
    const [row] = await server.db.query<{ attached: boolean }>(
      'SELECT attached_at IS NOT NULL AS attached FROM uploads WHERE file_name = $1',
      [url.split('/').pop()],
    )
    expect(row!.attached).toBe(true)
    expect((await capacity()).used).toBeCloseTo(before.used + 2.02, 2)
  })

  it('is refused with 409 CAPACITY 空间不足 when it does not fit, unattached uploads counted, storing nothing', async () => {
    const { total, used } = await capacity()
    const room = total - used
    await server.db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [VIP_ID, Math.ceil(used + 1)])
    const left = Math.ceil(used + 1) - used
    expect(room).toBeGreaterThan(left)
    expect((await post(filePart(pdf(left * 0.6), 'first.pdf'))).statusCode).toBe(200)
    const files = readdirSync(uploadsDir())
    const uploads = await countUploads(server.db, VIP_ID)
    const res = await post(filePart(pdf(left * 0.6), 'second.pdf'))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ result: 'CAPACITY', data: null, msg: '空间不足' })
    expect(readdirSync(uploadsDir())).toEqual(files)
    expect(await countUploads(server.db, VIP_ID)).toBe(uploads)
  })

  it('is one file: two file parts are a 400 and nothing is stored', async () => {
    const files = readdirSync(uploadsDir())
    const res = await post(filePart(PNG, 'one.png'), filePart(PNG, 'two.png'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg: '一次只能上传一个文件' })
    expect(readdirSync(uploadsDir())).toEqual(files)
    expect(await countUploads(server.db, VIP_ID)).toBe(0)
  })
})

describe('A running import', () => {
  /** A running import of `DEMO_FOLDERS.emptyFolder` with one file of `sizeMb` still to add. */
  const startImport = async (id: string, sizeMb: number) => {
    await server.db.query(`INSERT INTO cloud_import_jobs (id, user_id, mode, target_id) VALUES ($1, $2, 'album', $3)`, [
      id,
      VIP_ID,
      DEMO_FOLDERS.emptyFolder,
    ])
    await server.db.query(
      `INSERT INTO cloud_import_items (job_id, position, fs_id, name, folder_id, size_mb) VALUES ($1, 0, 'fs-1', 'book.pdf', $2, $3)`,
      [id, DEMO_FOLDERS.emptyFolder, sizeMb],
    )
  }

  it('reserves the files it has still to add: an upload that fits beside the books is refused beside them', async () => {
    const { used } = await capacity()
    const total = Math.ceil(used) + 2
    await server.db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [VIP_ID, total])
    const room = total - used
    // A pending file takes all but 0.5 MB: an upload of 1 MB fits the books' room, not the import's.
    await startImport('capacity-pending', Math.round((room - 0.5) * 100) / 100)
    const files = readdirSync(uploadsDir())
    const refused = await post(filePart(pdf(1), 'beside-import.pdf'))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ result: 'CAPACITY', data: null, msg: '空间不足' })
    expect(readdirSync(uploadsDir())).toEqual(files)
    // What is reserved is not used: myCapacity reports the stored files only.
    expect((await capacity()).used).toBeCloseTo(used, 2)

    // The file failed: nothing is reserved any more, and the same upload fits.
    await server.db.query(`UPDATE cloud_import_items SET status = 'failed' WHERE job_id = 'capacity-pending'`)
    expect((await post(filePart(pdf(1), 'beside-import.pdf'))).statusCode).toBe(200)
  })

  it('reserves nothing once it has ended, whatever its files say', async () => {
    const { used } = await capacity()
    const total = Math.ceil(used) + 2
    await server.db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [VIP_ID, total])
    await startImport('capacity-ended', Math.round((total - used - 0.5) * 100) / 100)
    await server.db.query(`UPDATE cloud_import_jobs SET status = 'failed' WHERE id = 'capacity-ended'`)
    expect((await post(filePart(pdf(1), 'after-import.pdf'))).statusCode).toBe(200)
  })
})

describe('Collecting uploads', () => {
  it('deletes unattached uploads older than a day, row and file, when the server starts; keeps attached and recent ones', async () => {
    const old = uploadUrl(await post(filePart(PNG, 'old.png')))
    const recent = uploadUrl(await post(filePart(PNG, 'recent.png')))
    const cover = uploadUrl(await post(filePart(PNG, 'cover.png')))
    await server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.emptyFolder, imageUrl: cover })
    const name = (url: string) => url.split('/').pop()!
    await server.db.query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE file_name = ANY($1)`, [
      [name(old), name(cover)],
    ])
    await server.db.query(`UPDATE uploads SET created_at = now() - interval '23 hours' WHERE file_name = $1`, [name(recent)])
    const restarted = await buildApp({ db: server.db, dataDir: server.dataDir })
    await restarted.ready()
    await restarted.close()
    const left = (await server.db.query<{ f: string }>('SELECT file_name AS f FROM uploads ORDER BY f')).map((r) => r.f)
    expect(left).toEqual([name(recent), name(cover)].sort())
    expect(existsSync(join(uploadsDir(), name(old)))).toBe(false)
    expect(existsSync(join(uploadsDir(), name(recent)))).toBe(true)
    expect(existsSync(join(uploadsDir(), name(cover)))).toBe(true)
  })
})
