/**
 * U+0000 cannot be stored in PostgreSQL text (SQLSTATE 22021). Every string input that carries
 * one is refused with a Chinese 400 before anything is read or written.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db, Queryable } from '../../server/db/db'
import { installErrorHandling } from '../../server/http/error-handler'
import { countUploads } from '../../server/repositories/uploads-repository'
import { DEMO_FOLDERS, DEMO_SHARES, DEMO_USERS } from '../../server/seed/demo'
import { envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()
const NUL = '\u0000'
const refusal = (field: string) => ({ result: 'BAD_REQUEST', data: null, msg: `参数 ${field} 包含不允许的空字符` })

describe('NUL in the query or path', () => {
  it('refuses a share code containing NUL', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar?r=%00' })
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal('r'))
  })

  it('refuses NUL in an extra query parameter of a valid share', async () => {
    const res = await server.inject({ method: 'GET', url: `/v1/share/uar?r=${DEMO_SHARES.book}&from=a%00b` })
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal('from'))
  })

  it('refuses a folder id containing NUL', async () => {
    const res = await server.get('/v1/directory/1%00')
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal('id'))
  })

  it('leaves page URLs to the pages', async () => {
    const res = await server.inject({ method: 'GET', url: '/recorded_share?r=%00' })
    expect(res.headers['content-type']).toContain('text/html')
  })
})

describe('NUL in bookCreation/add', () => {
  const add = (fields: Record<string, unknown>) =>
    server.post('/v1/bookCreation/add', { parentId: 0, type: 1, title: '新文件夹', ...fields })

  it.each([
    ['title', { title: `新${NUL}文件夹` }],
    ['intro', { intro: `简介${NUL}` }],
    ['imageUrl', { imageUrl: `/uploads/a${NUL}.png` }],
    ['tags[1]', { tags: ['科普', `故事${NUL}`] }],
    ['ages[0]', { ages: [`3${NUL}`] }],
  ])('refuses NUL in %s and adds nothing', async (field, fields) => {
    const before = await server.folder(0)
    const res = await add(fields)
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal(field))
    expect(await server.folder(0)).toEqual(before)
  })

  it('refuses NUL in a property name', async () => {
    const res = await add({ [`x${NUL}`]: 1 })
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal('x\\0'))
  })
})

describe('NUL in bookCreation/update', () => {
  it.each([
    ['title', { title: `自然${NUL}` }],
    ['intro', { intro: NUL }],
    ['tags[0]', { tags: [NUL] }],
    ['ages[1]', { ages: ['5', `8${NUL}`] }],
  ])('refuses NUL in %s and changes nothing', async (field, fields) => {
    const before = await server.folder(DEMO_FOLDERS.natureBooks)
    const res = await server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.natureBooks, ...fields })
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual(refusal(field))
    expect(await server.folder(DEMO_FOLDERS.natureBooks)).toEqual(before)
  })
})

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf00000301010017d6aa8b0000000049454e44ae426082',
  'hex',
)

/** POST /v1/upload of a PNG with this raw Content-Disposition filename parameter. */
const uploadNamed = (app: typeof server.app, filenameParam: string) => {
  const boundary = '----kids-english-nul-boundary'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filenameParam}\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url: '/v1/upload',
    payload,
    headers: { ...VIP, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

const storedFiles = (dataDir: string) => readdirSync(join(dataDir, 'uploads'))

describe("NUL in an upload's file name", () => {
  it.each([
    ['raw', `filename="cover${NUL}.png"`],
    ['percent-encoded (RFC 5987)', "filename*=UTF-8''cover%00.png"],
  ])('refuses a %s NUL, storing no file and no record', async (_, filenameParam) => {
    const before = storedFiles(server.dataDir)
    const res = await uploadNamed(server.app, filenameParam)
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '文件名包含不允许的空字符' })
    expect(storedFiles(server.dataDir)).toEqual(before)
    expect(await countUploads(server.db, DEMO_USERS.vip.id)).toBe(0)
  })

  it('removes the stored file when its record cannot be written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kids-english-orphan-'))
    const failing = (q: Queryable): Queryable => ({
      ...q,
      query: (sql, params) => (/INSERT INTO uploads/.test(sql) ? Promise.reject(new Error('disk full')) : q.query(sql, params)),
    })
    const failingDb: Db = { ...server.db, ...failing(server.db), transaction: (fn) => server.db.transaction((tx) => fn(failing(tx))) }
    const app = await buildApp({ db: failingDb, dataDir })
    try {
      const res = await uploadNamed(app, 'filename="cover.png"')
      expect(res.statusCode).toBe(500)
      expect(storedFiles(dataDir).filter((name) => !name.startsWith('.'))).toEqual([])
    } finally {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('values the database refuses', () => {
  const app = Fastify()
  installErrorHandling(app)
  app.get('/v1/echo-text', async () => server.db.query('SELECT $1::text AS t', [`a${NUL}b`]))
  app.get('/v1/echo-int', async () => server.db.query('SELECT $1::int AS n', ['9999999999']))
  app.get('/v1/bad-sql', async () => server.db.query('SELEC 1'))
  afterAll(() => app.close())

  it('answers a NUL that reached the database (22021) with a Chinese 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/echo-text' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求参数包含无法保存的内容' })
  })

  it("answers a number out of the column's range (22003) with a Chinese 400", async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/echo-int' })).statusCode).toBe(400)
  })

  it('still answers other database errors with a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/bad-sql' })
    expect(res.statusCode).toBe(500)
    expect(res.json().result).toBe('ERROR')
  })
})
