import { statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../../server/seed/demo'
import { AUTH_EXPIRED, files, fsId, grant, jobReply, listing, startImport } from './helpers/cloud-drive'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer({ devRoutes: true })
const names = (res: Awaited<ReturnType<typeof files>>) => listing(res).items.map((item) => item.name)
const expectBadRequest = (res: Awaited<ReturnType<typeof files>>, msg: string) => {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg })
}

describe('GET /v1/cloudDrive/status', () => {
  it('says not authorized, with an empty account name, before any grant', async () => {
    const res = await server.get('/v1/cloudDrive/status')
    expect(res.statusCode).toBe(200)
    expect(envelope(res).data).toEqual({ authorized: false, accountName: '' })
  })

  it('says authorized with the account name once the demo drive is granted', async () => {
    await grant(server.app)
    expect(envelope(await server.get('/v1/cloudDrive/status')).data).toEqual({ authorized: true, accountName: '小米妈妈的网盘' })
  })

  it("keeps each user's grant apart", async () => {
    await grant(server.app)
    expect(envelope(await server.get('/v1/cloudDrive/status', BASIC)).data).toEqual({ authorized: false, accountName: '' })
  })

  it('is not authorized again after the development revoke route', async () => {
    await grant(server.app)
    expect((await server.post('/v1/dev/cloudDrive/revoke', {})).statusCode).toBe(200)
    expect(envelope(await server.get('/v1/cloudDrive/status')).data).toEqual({ authorized: false, accountName: '' })
  })
})

describe('authentication and expired grants', () => {
  it('answers every cloud-drive call without a token with 401', async () => {
    const calls = [
      server.inject({ method: 'GET', url: '/v1/cloudDrive/status' }),
      server.inject({ method: 'GET', url: '/v1/cloudDrive/files?dir=/&suffix=pdf' }),
      server.inject({ method: 'POST', url: '/v1/cloudDrive/import', payload: { fsIds: ['1000002'], albumId: 11 } }),
      server.inject({ method: 'GET', url: '/v1/cloudDrive/import/abc' }),
      server.inject({ method: 'POST', url: '/v1/dev/cloudDrive/grant', payload: {} }),
    ]
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ result: 'UNAUTHORIZED', data: null })
    }
  })

  it('answers every cloud-drive call with 403 CLOUD_AUTH_EXPIRED once the grant expired', async () => {
    await grant(server.app)
    const started = envelope<{ jobId: string }>(
      await startImport(server.app, { fsIds: [fsId('/英语绘本/Counting Stars.pdf')], albumId: 13 }),
    ).data
    await server.app.importRunner.idle()
    expect((await server.post('/v1/dev/cloudDrive/expire', {})).statusCode).toBe(200)
    const replies = [
      await server.get('/v1/cloudDrive/status'),
      await files(server.app, { dir: '/', suffix: 'pdf' }),
      await startImport(server.app, { fsIds: [fsId('/英语绘本/The Little Red Hen.pdf')], albumId: 13 }),
      await jobReply(server.app, started.jobId),
    ]
    for (const res of replies) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual(AUTH_EXPIRED)
    }
    expect((await server.folder(13)).items).toHaveLength(1)
  })

  it('expires a grant whose time has run out, with no route involved', async () => {
    await grant(server.app, VIP, { expiresInSeconds: 1 })
    await server.db.query(`UPDATE cloud_drive_grants SET expires_at = now() - interval '1 minute'`)
    expect((await server.get('/v1/cloudDrive/status')).json()).toEqual(AUTH_EXPIRED)
  })

  it('answers a listing without any grant with 403 CLOUD_AUTH_EXPIRED asking to authorize', async () => {
    const res = await files(server.app, { dir: '/', suffix: 'pdf' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ result: 'CLOUD_AUTH_EXPIRED', data: null, msg: '请先授权百度网盘' })
  })

  it('answers the expire route with 404 when there is no grant to expire', async () => {
    const res = await server.post('/v1/dev/cloudDrive/expire', {})
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ result: 'NOT_FOUND', data: null, msg: '尚未授权百度网盘' })
  })
})

describe('GET /v1/cloudDrive/files', () => {
  it('lists the root with parent null: folders first, then PDF files, each by name', async () => {
    await grant(server.app)
    const res = await files(server.app, { dir: '/', suffix: 'pdf' })
    expect(res.statusCode).toBe(200)
    const data = listing(res)
    expect(data.dir).toBe('/')
    expect(data.parent).toBeNull()
    expect(data.hasMore).toBe(false)
    expect(data.items.map((i) => [i.name, i.isDir])).toEqual([
      ['绘本大全（1000本）', true],
      ['空文件夹', true],
      ['睡前故事', true],
      ['英语绘本', true],
      ['My First Words.pdf', false],
      ['Rainbow Garden.pdf', false],
    ])
  })

  it('never lists a file of another suffix, one merely containing it, or one named after it; matches any case', async () => {
    await grant(server.app)
    const data = listing(await files(server.app, { dir: '/英语绘本', suffix: 'pdf' }))
    expect(data.items.map((i) => i.name)).toEqual([
      '动物故事',
      'Brown Bear Says Hello.pdf',
      'Counting Stars.pdf',
      'SUNNY DAY.PDF',
      'The Little Red Hen.pdf',
    ])
    expect(data.parent).toBe('/')
  })

  it('filters by the suffix the query asks for', async () => {
    await grant(server.app)
    expect(names(await files(server.app, { dir: '/睡前故事', suffix: 'TXT' }))).toEqual(['说明.txt'])
  })

  it('gives each file its fsId, real size in bytes and China-time mtime, and folders size 0', async () => {
    await grant(server.app)
    const [folder, ...books] = listing(await files(server.app, { dir: '/英语绘本', suffix: 'pdf' })).items
    expect(folder).toEqual({ fsId: fsId('/英语绘本/动物故事'), name: '动物故事', isDir: true, size: 0, mtime: '2025-03-09T10:00:00' })
    const hen = books.find((b) => b.name === 'The Little Red Hen.pdf')!
    expect(hen).toEqual({
      fsId: fsId('/英语绘本/The Little Red Hen.pdf'),
      name: 'The Little Red Hen.pdf',
      isDir: false,
      size: statSync(join(server.dataDir, 'cloud-drive-demo/blobs/little-red-hen.pdf')).size,
      mtime: '2025-03-03T10:17:00',
    })
    expect(hen.size).toBeGreaterThan(1000)
  })

  it('opens nested folders with their parent path, and normalises a trailing slash', async () => {
    await grant(server.app)
    const data = listing(await files(server.app, { dir: '/英语绘本/动物故事/', suffix: 'pdf' }))
    expect(data.dir).toBe('/英语绘本/动物故事')
    expect(data.parent).toBe('/英语绘本')
    expect(data.items.map((i) => i.name)).toEqual(['夜晚的动物', 'Ocean Friends.pdf', 'The Busy Fox.pdf'])
    expect(listing(await files(server.app, { dir: '/空文件夹', suffix: 'pdf' })).items).toEqual([])
  })

  it('pages a folder of 1,000 files: 100 by default, start and limit, hasMore until the end', async () => {
    await grant(server.app)
    const dir = '/绘本大全（1000本）'
    const first = listing(await files(server.app, { dir, suffix: 'pdf' }))
    expect(first.items).toHaveLength(100)
    expect(first.hasMore).toBe(true)
    expect([first.items[0]!.name, first.items[99]!.name]).toEqual(['Book 0001.pdf', 'Book 0100.pdf'])
    const next = listing(await files(server.app, { dir, suffix: 'pdf', start: 100, limit: 50 }))
    expect([next.items[0]!.name, next.items.length, next.hasMore]).toEqual(['Book 0101.pdf', 50, true])
    const last = listing(await files(server.app, { dir, suffix: 'pdf', start: 900, limit: 100 }))
    expect([last.items.at(-1)!.name, last.items.length, last.hasMore]).toEqual(['Book 1000.pdf', 100, false])
    const all = listing(await files(server.app, { dir, suffix: 'pdf', limit: 1000 }))
    expect([all.items.length, all.hasMore]).toEqual([1000, false])
    expect(new Set(all.items.map((i) => i.fsId)).size).toBe(1000)
    expect(listing(await files(server.app, { dir, suffix: 'pdf', start: 1000 }))).toMatchObject({ items: [], hasMore: false })
  })

  it('gives every user their own fsIds for the demo drive', async () => {
    await grant(server.app, BASIC)
    const items = listing(await files(server.app, { dir: '/', suffix: 'pdf' }, BASIC)).items
    expect(items.find((i) => i.name === '英语绘本')!.fsId).toBe(fsId('/英语绘本', DEMO_USERS.basic.id))
    expect(fsId('/英语绘本', DEMO_USERS.basic.id)).not.toBe(fsId('/英语绘本'))
  })

  it('answers a folder that does not exist, or a file, with 404', async () => {
    await grant(server.app)
    for (const dir of ['/不存在', '/Rainbow Garden.pdf']) {
      const res = await files(server.app, { dir, suffix: 'pdf' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ result: 'NOT_FOUND', data: null, msg: '网盘目录不存在' })
    }
  })

  it('refuses bad queries with a Chinese 400 before looking at the grant', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ suffix: 'pdf' }, '缺少参数 dir'],
      [{ dir: '/' }, '缺少参数 suffix'],
      [{ dir: '', suffix: 'pdf' }, '参数 dir 不能为空'],
      [{ dir: '英语绘本', suffix: 'pdf' }, '参数 dir 应为以 / 开头的网盘路径'],
      [{ dir: '/英语绘本/../睡前故事', suffix: 'pdf' }, '参数 dir 应为以 / 开头的网盘路径'],
      [{ dir: '//', suffix: 'pdf' }, '参数 dir 应为以 / 开头的网盘路径'],
      [{ dir: '/', suffix: 'p.df' }, '参数 suffix 格式不正确'],
      [{ dir: '/', suffix: 'pdf', start: -1 }, '参数 start 格式不正确'],
      [{ dir: '/', suffix: 'pdf', limit: 'ten' }, '参数 limit 格式不正确'],
      [{ dir: '/', suffix: 'pdf', limit: 1001 }, '参数 limit 应在 1 到 1000 之间'],
      [{ dir: '/', suffix: 'pdf', limit: 0 }, '参数 limit 应在 1 到 1000 之间'],
    ]
    for (const [query, msg] of cases) expectBadRequest(await files(server.app, query), msg)
  })
})
