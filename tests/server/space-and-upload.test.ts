import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { SpaceGoods } from '../../server/repositories/goods-repository'
import { countUploads } from '../../server/repositories/uploads-repository'
import { VIP_FREE_SPACE_MB } from '../../server/routes/space-routes'
import { DEMO_CAPACITY_MB, DEMO_USERS } from '../../server/seed/demo'
import type { FolderView } from '../../server/services/folder-view'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

// Small PDF limit so the PDF size check can be exercised without sending 200 MB.
const PDF_LIMIT = 64 * 1024
// An empty dist, so paths that fall through to the pages get a 404 whether or not the pages are built.
const emptyDist = mkdtempSync(join(tmpdir(), 'kids-english-empty-dist-'))
afterAll(() => rmSync(emptyDist, { recursive: true, force: true }))
const server = setupServer({ uploadLimits: { imageBytes: 10 * 1024 * 1024, pdfBytes: PDF_LIMIT }, distDir: emptyDist })
/** The caller's capacity in MB. */
const capacity = async (headers?: Record<string, string>) =>
  envelope<{ total: number; used: number; claimed: boolean }>(await server.get('/v1/user/myCapacity', headers)).data
const claim = (headers?: Record<string, string>) => server.post('/v1/activity/vipGetFreeSpace', {}, headers)

describe('GET /v1/goods/spaces', () => {
  it('lists at least five goods with capacity in MB and yearly price in cents', async () => {
    const { data } = envelope<SpaceGoods[]>(await server.get('/v1/goods/spaces'))
    expect(data.length).toBeGreaterThanOrEqual(5)
    expect(data[0]).toEqual({ id: 1, name: '50GB 空间包', capacity: 51_200, money: 3000 })
    expect(data.map((g) => g.capacity)).toEqual([...data.map((g) => g.capacity)].sort((a, b) => a - b))
  })
})

describe('GET /v1/user/myCapacity', () => {
  it("gives the total and the sum of the user's file sizes", async () => {
    const data = await capacity()
    const root = envelope<FolderView>(await server.get('/v1/directory/0')).data
    expect(data.total).toBe(DEMO_CAPACITY_MB.vip)
    expect(data.used).toBeCloseTo(root.fileSizeMb, 2)
    expect(data.used).toBeGreaterThan(0)
  })

  it('gives each user their own figures', async () => {
    const data = await capacity(BASIC)
    expect(data).toEqual({ total: DEMO_CAPACITY_MB.basic, used: 39.9, claimed: false })
  })
})

describe('POST /v1/activity/vipGetFreeSpace', () => {
  it('grants a VIP user the space once and returns the new total', async () => {
    const res = await claim()
    expect(res.statusCode).toBe(200)
    expect(envelope(res).data).toEqual({ granted: VIP_FREE_SPACE_MB, total: DEMO_CAPACITY_MB.vip + VIP_FREE_SPACE_MB })
    expect((await capacity()).total).toBe(DEMO_CAPACITY_MB.vip + VIP_FREE_SPACE_MB)
  })

  it('says in the capacity whether the gift was claimed, before and after', async () => {
    expect((await capacity()).claimed).toBe(false)
    await claim()
    expect((await capacity()).claimed).toBe(true)
    expect((await capacity(BASIC)).claimed).toBe(false)
  })

  it('answers a second claim with CONFLICT 您已领取过该福利', async () => {
    await claim()
    const res = await claim()
    expect(res.statusCode).toBe(409)
    expect(envelope(res)).toEqual({ result: 'CONFLICT', data: null, msg: '您已领取过该福利' })
  })

  it('answers a basic user with FORBIDDEN 该福利仅限会员领取 and grants nothing', async () => {
    const res = await claim(BASIC)
    expect(res.statusCode).toBe(403)
    expect(envelope(res)).toEqual({ result: 'FORBIDDEN', data: null, msg: '该福利仅限会员领取' })
    expect((await capacity(BASIC)).total).toBe(DEMO_CAPACITY_MB.basic)
  })

  it('grants exactly once out of ten concurrent claims', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => claim()))
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)])
    expect((await capacity()).total).toBe(DEMO_CAPACITY_MB.vip + VIP_FREE_SPACE_MB)
  })

  it('accepts a claim without a body', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/v1/activity/vipGetFreeSpace',
      headers: { authorization: 'Bearer demo-vip-token' },
    })
    expect(res.statusCode).toBe(200)
  })
})

interface UploadData {
  url: string
  fileSizeMb: number
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf00000301010017d6aa8b0000000049454e44ae426082',
  'hex',
)
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)])
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 0)])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A multipart body with one part. */
function multipart(content: Buffer, filename: string, field = 'file', type = 'application/octet-stream') {
  const boundary = '----kids-english-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { ...VIP, 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const upload = (content: Buffer, filename: string, field?: string, type?: string) =>
  server.inject({ method: 'POST', url: '/v1/upload', ...multipart(content, filename, field, type) })

/** Files in the uploads folder (including partial ones); earlier tests' files stay. */
const storedFiles = () => readdirSync(join(server.dataDir, 'uploads'))

describe('POST /v1/upload', () => {
  it('stores a PNG under a random name and serves it at the returned URL', async () => {
    const res = await upload(PNG, 'cover.png', 'file', 'image/png')
    expect(res.statusCode).toBe(200)
    const { data } = envelope<UploadData>(res)
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
    expect(data.fileSizeMb).toBe(0.01)
    const served = await server.inject({ method: 'GET', url: data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.rawPayload.equals(PNG)).toBe(true)
    expect(await countUploads(server.db, DEMO_USERS.vip.id)).toBe(1)
  })

  it.each([
    ['JPEG', JPEG, 'jpg'],
    ['GIF', GIF, 'gif'],
    ['WebP', WEBP, 'webp'],
    ['PDF', PDF, 'pdf'],
  ])('accepts a %s and names it by its content', async (_, content, ext) => {
    const res = await upload(content, 'whatever.bin')
    expect(res.statusCode).toBe(200)
    expect(envelope<UploadData>(res).data.url.endsWith(`.${ext}`)).toBe(true)
  })

  it('reports the size in MB, rounded up to 0.01', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024 - PNG.length)])
    expect(envelope<UploadData>(await upload(big, 'big.png')).data.fileSizeMb).toBe(3)
    const over = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])
    expect(envelope<UploadData>(await upload(over, 'over.png')).data.fileSizeMb).toBe(3.01)
  })

  it('refuses an image over 10 MB with 413 and keeps no file', async () => {
    const before = storedFiles()
    const res = await upload(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'huge.png')
    expect(res.statusCode).toBe(413)
    expect(envelope(res)).toEqual({ result: 'PAYLOAD_TOO_LARGE', data: null, msg: '图片不能超过10MB' })
    expect(storedFiles()).toEqual(before)
  })

  it('refuses a PDF over its limit with 413 and keeps no file', async () => {
    const before = storedFiles()
    const res = await upload(Buffer.concat([PDF, Buffer.alloc(PDF_LIMIT)]), 'book.pdf')
    expect(res.statusCode).toBe(413)
    expect(envelope(res).result).toBe('PAYLOAD_TOO_LARGE')
    expect(storedFiles()).toEqual(before)
  })

  it('refuses a text file', async () => {
    const res = await upload(Buffer.from('hello world, this is text'), 'notes.txt', 'file', 'text/plain')
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '仅支持上传 PNG、JPEG、WebP、GIF 图片或 PDF 文件' })
  })

  it('refuses HTML named .png and declared image/png (a fake extension)', async () => {
    const before = storedFiles()
    const res = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'file', 'image/png')
    expect(res.statusCode).toBe(400)
    expect(storedFiles()).toEqual(before)
    expect(await countUploads(server.db, DEMO_USERS.vip.id)).toBe(0)
  })

  it('refuses an SVG (it could carry script)', async () => {
    const res = await upload(readFileSync(new URL('../../server/demo-media/words/cat.svg', import.meta.url)), 'cat.svg')
    expect(res.statusCode).toBe(400)
  })

  it('refuses an empty file', async () => {
    const res = await upload(Buffer.alloc(0), 'empty.png')
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('文件为空')
  })

  it('refuses a file in another field', async () => {
    const res = await upload(PNG, 'cover.png', 'image')
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('请通过 file 字段上传文件')
  })

  it('refuses a request that is not multipart with 415', async () => {
    const res = await server.post('/v1/upload', { file: 'x' })
    expect(res.statusCode).toBe(415)
    expect(envelope(res).msg).toBe('请使用 multipart/form-data 上传文件')
  })

  it('refuses a multipart request without a file', async () => {
    const boundary = 'b0undary'
    const res = await server.inject({
      method: 'POST',
      url: '/v1/upload',
      headers: { ...VIP, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('请选择要上传的文件')
  })

  it('answers 404 for an upload that does not exist, without leaking paths', async () => {
    const res = await server.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })
    expect(res.statusCode).toBe(404)
  })
})
