/**
 * Issue 40 item 3: uploads on object storage (`UPLOADS_URL=s3://<bucket>/<prefix>`), against s3rver
 * (tests/delivery/helpers/s3-server.ts). The same rules as on disk (storage.test.ts): an upload is an
 * object `<prefix>/uploads/<name>` and nothing on the instance's disk; `/uploads/<name>` answers it (a
 * redirect to `UPLOADS_PUBLIC_URL`, or the bytes); deleting what shows it deletes it; capacity counts
 * it; the collector removes objects without a row, never one being written. The demo media live beside
 * them (`<prefix>/media/`), copied by the demo's start and read the same way.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { verifierFromEnv } from '../../server/auth/token-verifier'
import { DEMO_MEDIA_DIR } from '../../server/paths'
import { beginWrite } from '../../server/repositories/uploads-repository'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { startServer } from '../../server/start'
import { collectUploads } from '../../server/uploads/collect-uploads'
import { s3Storage } from '../../server/uploads/s3-storage'
import type { UploadStorage } from '../../server/uploads/storage'
import { startS3Server, type S3Server } from '../delivery/helpers/s3-server'
import { envelope, VIP } from './helpers/test-app'
import { openTestDb, templateCopy, type TestDb } from './helpers/test-db'
import { TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'
import { pngOf, uploadedUrl, uploadFile } from './helpers/uploads'

const PREFIX = 'media-test'
let s3: S3Server
let testDb: TestDb
let storage: UploadStorage
let app: FastifyInstance
let publicApp: FastifyInstance
beforeAll(async () => {
  s3 = await startS3Server()
  testDb = await openTestDb()
  storage = await s3Storage({ url: `s3://h5/${PREFIX}`, partsDir: join(testDb.dataDir, 'upload-parts'), env: s3.env })
  app = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, storage })
  const behindCdn = await s3Storage({
    url: `s3://h5/${PREFIX}`,
    publicUrl: s3.publicUrl(PREFIX),
    partsDir: join(testDb.dataDir, 'upload-parts'),
    env: s3.env,
  })
  publicApp = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, storage: behindCdn })
})
beforeEach(async () => {
  await resetTables(testDb.db)
  // An empty bucket for each test.
  await storage.remove((await objects()).map((key) => key.slice('uploads/'.length)))
})
afterAll(async () => {
  await app?.close()
  await publicApp?.close()
  await storage?.close()
  await testDb?.dispose()
  await s3?.stop()
})

const nameOf = (url: string) => url.split('/').pop()!
const objects = async () => (await s3.keys(PREFIX)).filter((key) => key.startsWith('uploads/'))

async function upload(bytes = 1000): Promise<string> {
  const url = uploadedUrl(await uploadFile(app, pngOf(bytes), 'cover.png'))
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
  return url!
}

describe('uploads in a bucket', () => {
  it('stores an upload as an object under the prefix, not on the instance’s disk, and the reply names it /uploads/<name>', async () => {
    const url = await upload(5000)
    expect(await objects()).toEqual([`uploads/${nameOf(url)}`])
    expect((await s3.object(PREFIX, `uploads/${nameOf(url)}`))?.bytes.equals(pngOf(5000))).toBe(true)
    expect(existsSync(join(testDb.dataDir, 'uploads', nameOf(url)))).toBe(false)
    expect(readdirSync(join(testDb.dataDir, 'upload-parts'))).toEqual([])
  })

  it('answers /uploads/<name> with the bytes, cached for good, when no public URL is set', async () => {
    const url = await upload(3000)
    const reply = await app.inject({ method: 'GET', url })
    expect(reply.statusCode).toBe(200)
    expect(reply.rawPayload.equals(pngOf(3000))).toBe(true)
    expect(reply.headers['content-type']).toBe('image/png')
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('redirects /uploads/<name> to the public URL, which serves the same bytes', async () => {
    const url = await upload(2000)
    const reply = await publicApp.inject({ method: 'GET', url })
    expect(reply.statusCode).toBe(302)
    expect(reply.headers.location).toBe(`${s3.publicUrl(PREFIX)}/uploads/${nameOf(url)}`)
    const cdn = await fetch(reply.headers.location!)
    expect(Buffer.from(await cdn.arrayBuffer()).equals(pngOf(2000))).toBe(true)
  })

  it('answers 404 for a name that is not stored, or not an upload’s name', async () => {
    for (const url of [`/uploads/${'d'.repeat(32)}.png`, '/uploads/..%2Fsecret.png']) {
      expect((await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } })).statusCode).toBe(404)
    }
  })

  it('counts an upload against the capacity, and deletes the object with the last folder that shows it', async () => {
    const before = envelope<{ used: number }>(await app.inject({ method: 'GET', url: '/v1/user/myCapacity', headers: VIP })).data.used
    const url = await upload(20_000)
    const after = envelope<{ used: number }>(await app.inject({ method: 'GET', url: '/v1/user/myCapacity', headers: VIP })).data.used
    expect(Math.round((after - before) * 100) / 100).toBe(0.02)
    const set = await app.inject({
      method: 'POST',
      url: '/v1/bookCreation/update',
      headers: VIP,
      payload: { id: DEMO_FOLDERS.emptyFolder, imageUrl: url },
    })
    expect(set.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'POST', url: '/v1/bookCreation/delete', headers: VIP, payload: { id: DEMO_FOLDERS.emptyFolder } }))
        .statusCode,
    ).toBe(200)
    expect(await objects()).toEqual([])
  })

  it('collects objects without a row, but never one being written (another instance’s upload on its way)', async () => {
    const kept = await upload(100)
    await s3.putRaw(PREFIX, `uploads/${'a'.repeat(32)}.pdf`, 'left by a crash')
    await s3.putRaw(PREFIX, `uploads/${'b'.repeat(32)}.png`, 'being written by another instance')
    await beginWrite(testDb.db, 'b'.repeat(32))
    const removed = await collectUploads(testDb.db, storage, { orphanGraceMs: 0 })
    expect(removed).toEqual([`${'a'.repeat(32)}.pdf`])
    expect((await objects()).sort()).toEqual([`uploads/${'b'.repeat(32)}.png`, `uploads/${nameOf(kept)}`].sort())
  })

  it('collects past the first 1,000 objects of the listing: the orphans of every page go, the files with a row or a write stay', async () => {
    // 1,150 objects: 1,146 left by crashes, one upload with its row, three being written, two of them
    // on the second page of the listing (a name past the 1,000th in key order).
    const name = (i: number) => `${i.toString(16).padStart(32, '0')}.png`
    const orphans = Array.from({ length: 1146 }, (_, i) => name(i))
    const writing = [name(5), name(1100), name(1140)]
    const queue = [...orphans]
    const put = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await s3.putRaw(PREFIX, `uploads/${next}`, 'x')
    }
    await Promise.all(Array.from({ length: 16 }, put))
    for (const written of writing) await beginWrite(testDb.db, written.split('.')[0]!)
    const kept = nameOf(await upload(100))
    expect(await objects()).toHaveLength(1147)

    const removed = await collectUploads(testDb.db, storage, { orphanGraceMs: 0 })

    const gone = orphans.filter((file) => !writing.includes(file))
    expect(removed.sort()).toEqual(gone.sort())
    expect((await objects()).sort()).toEqual([...writing, kept].map((file) => `uploads/${file}`).sort())
  }, 120_000)

  it('leaves an object young enough to be a writer’s that did not record its write', async () => {
    await s3.putRaw(PREFIX, `uploads/${'c'.repeat(32)}.png`, 'just written')
    expect(await collectUploads(testDb.db, storage)).toEqual([])
    expect(await objects()).toEqual([`uploads/${'c'.repeat(32)}.png`])
  })
})

describe('the demo media in the bucket', () => {
  const MEDIA_PREFIX = 'demo-media-test'
  const AUDIO = 'book/p1.mp3'
  const mediaStorage = (publicUrl?: string) =>
    s3Storage({
      url: `s3://h5/${MEDIA_PREFIX}`,
      ...(publicUrl ? { publicUrl } : {}),
      partsDir: join(testDb.dataDir, 'upload-parts'),
      env: s3.env,
    })
  const mediaKeys = async () => (await s3.keys(MEDIA_PREFIX)).filter((key) => key.startsWith('media/'))
  const demoFiles = () =>
    readdirSync(DEMO_MEDIA_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `media/${join(entry.parentPath, entry.name).slice(DEMO_MEDIA_DIR.length + 1)}`)
      .sort()

  it('are copied by the demo’s start on a bucket, once: a later start puts nothing, a changed file is put again', async () => {
    const dataDir = await templateCopy()
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value)
    const puts: string[] = []
    s3.onRequest = (method, path) => void (method === 'PUT' && path.includes('/media/') && puts.push(path))
    try {
      const server = await startServer({ dataDir, uploadsUrl: `s3://h5/${MEDIA_PREFIX}` })
      await server.close()
      expect(await mediaKeys()).toEqual(demoFiles())
      expect(puts).toHaveLength(demoFiles().length)
      expect(await s3.object(MEDIA_PREFIX, `media/${AUDIO}`)).toMatchObject({
        bytes: readFileSync(join(DEMO_MEDIA_DIR, AUDIO)),
        contentType: 'audio/mpeg',
        cacheControl: 'public, max-age=86400',
      })
      puts.length = 0
      await s3.putRaw(MEDIA_PREFIX, 'media/covers/sun.svg', 'an older file')
      const again = await startServer({ dataDir, uploadsUrl: `s3://h5/${MEDIA_PREFIX}` })
      await again.close()
      expect(puts.map((path) => path.slice(path.indexOf('/media/')))).toEqual(['/media/covers/sun.svg'])
    } finally {
      s3.onRequest = null
      vi.unstubAllEnvs()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('are copied by no production start (no demo content there)', async () => {
    const dataDir = await templateCopy()
    for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value)
    vi.stubEnv('NODE_ENV', 'production')
    const verifier = verifierFromEnv({ AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })
    try {
      const server = await startServer({ dataDir, verifier, uploadsUrl: 's3://h5/production-media-test' })
      await server.close()
      expect(await s3.keys('production-media-test')).toEqual([])
    } finally {
      vi.unstubAllEnvs()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('are served by no production start, even from a bucket a demo filled, nor redirected to its public URL (404)', async () => {
    for (const publicUrl of [undefined, s3.publicUrl(MEDIA_PREFIX)]) {
      const bucket = await mediaStorage(publicUrl)
      await bucket.publishMedia(DEMO_MEDIA_DIR)
      vi.stubEnv('NODE_ENV', 'production')
      const productionApp = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, storage: bucket })
      try {
        const res = await productionApp.inject({ method: 'GET', url: `/media/${AUDIO}` })
        expect(res.statusCode).toBe(404)
        expect(res.headers.location).toBeUndefined()
      } finally {
        vi.unstubAllEnvs()
        await productionApp.close()
        await bucket.close()
      }
    }
  })

  it('are streamed from the bucket at /media/<path>, a byte range too, when no public URL is set', async () => {
    const bucket = await mediaStorage()
    await bucket.publishMedia(DEMO_MEDIA_DIR)
    const mediaApp = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, storage: bucket })
    try {
      const bytes = readFileSync(join(DEMO_MEDIA_DIR, AUDIO))
      const whole = await mediaApp.inject({ method: 'GET', url: `/media/${AUDIO}` })
      expect(whole.statusCode).toBe(200)
      expect(whole.rawPayload.equals(bytes)).toBe(true)
      expect(whole.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'cache-control': 'public, max-age=86400',
        'accept-ranges': 'bytes',
      })
      // An audio element's first request on iOS.
      const part = await mediaApp.inject({ method: 'GET', url: `/media/${AUDIO}`, headers: { range: 'bytes=0-1' } })
      expect(part.statusCode).toBe(206)
      expect(part.headers['content-range']).toBe(`bytes 0-1/${bytes.length}`)
      expect(part.rawPayload.equals(bytes.subarray(0, 2))).toBe(true)
      for (const url of ['/media/book/none.mp3', '/media/..%2F..%2Fsecret', '/media/.hidden']) {
        expect((await mediaApp.inject({ method: 'GET', url, headers: { accept: 'application/json' } })).statusCode).toBe(404)
      }
    } finally {
      await mediaApp.close()
      await bucket.close()
    }
  })

  it('are put only where the bucket lacks them, past the first 1,000 objects of the listing too', async () => {
    const prefix = 'many-media-test'
    // 1,000 media already there, and the one file of this folder, with the same bytes, on the listing's second page.
    const queue = Array.from({ length: 1000 }, (_, i) => `media/a/${String(i).padStart(4, '0')}.json`)
    const put = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await s3.putRaw(prefix, key, '{}')
    }
    await Promise.all(Array.from({ length: 16 }, put))
    await s3.putRaw(prefix, 'media/z.json', '{"page":2}')
    const dir = join(testDb.dataDir, 'few-media')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'z.json'), '{"page":2}')
    const bucket = await s3Storage({ url: `s3://h5/${prefix}`, partsDir: join(testDb.dataDir, 'upload-parts'), env: s3.env })
    try {
      expect(await bucket.publishMedia(dir)).toBe(0)
      writeFileSync(join(dir, 'z.json'), '{"page":"changed"}')
      expect(await bucket.publishMedia(dir)).toBe(1)
      expect((await s3.object(prefix, 'media/z.json'))?.bytes.toString()).toBe('{"page":"changed"}')
    } finally {
      await bucket.close()
    }
  }, 120_000)

  it('redirect /media/<path> to the public URL, which serves the same bytes', async () => {
    const bucket = await mediaStorage(s3.publicUrl(MEDIA_PREFIX))
    await bucket.publishMedia(DEMO_MEDIA_DIR)
    const mediaApp = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, storage: bucket })
    try {
      const reply = await mediaApp.inject({ method: 'GET', url: '/media/covers/sun.svg' })
      expect(reply.statusCode).toBe(302)
      expect(reply.headers.location).toBe(`${s3.publicUrl(MEDIA_PREFIX)}/media/covers/sun.svg`)
      const cdn = await fetch(reply.headers.location!)
      expect(Buffer.from(await cdn.arrayBuffer()).equals(readFileSync(join(DEMO_MEDIA_DIR, 'covers/sun.svg')))).toBe(true)
    } finally {
      await mediaApp.close()
      await bucket.close()
    }
  })
})
