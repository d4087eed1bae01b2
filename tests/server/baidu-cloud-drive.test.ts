/**
 * The Baidu Netdisk provider through the API, against the local stand-in: the host's authorization code
 * (POST /v1/cloudDrive/authorize), the renewal of a grant about to expire (a refresh token is single-use:
 * two calls at once refresh once), an import end to end, and a production start that never serves the
 * demo drive.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { verifierFromEnv } from '../../server/auth/token-verifier'
import { createBaiduProvider, type BaiduConfig } from '../../server/cloud-drive/baidu/baidu-provider'
import { startBaiduStandIn, type BaiduStandIn } from '../../server/cloud-drive/baidu/stand-in'
import { currentGrant } from '../../server/cloud-drive/cloud-drive-service'
import type { CloudDriveProvider } from '../../server/cloud-drive/provider'
import { DEMO_BOOKS, renderBook } from '../../server/cloud-drive/demo/demo-books'
import { findGrant } from '../../server/repositories/cloud-grants-repository'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { files, importAndWait, listing } from './helpers/cloud-drive'
import { bearer, BASIC, envelope, setupServer, VIP } from './helpers/test-app'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'

const hen = renderBook(DEMO_BOOKS[0]!, new Date('2026-01-01T00:00:00Z'))
const bear = renderBook(DEMO_BOOKS[1]!, new Date('2026-01-01T00:00:00Z'))

let standIn: BaiduStandIn
let config: BaiduConfig
beforeAll(async () => {
  standIn = await startBaiduStandIn({
    files: { '/绘本/The Little Red Hen.pdf': hen, '/绘本/Brown Bear.pdf': bear, '/绘本/说明.txt': Buffer.from('txt'), '/绘本/动物': 'dir' },
    accountName: '小明的百度网盘',
  })
  config = standIn.config({ timeoutMs: 3_000, backoffMs: 20 })
})
afterAll(() => standIn?.close())

/** The provider over the stand-in, made once the stand-in listens (setupServer's options are read before). */
let baidu: CloudDriveProvider
const provider: CloudDriveProvider = {
  name: 'baidu',
  authorize: (code) => (baidu ??= createBaiduProvider(config)).authorize!(code),
  refresh: (grant) => baidu.refresh!(grant),
  list: (grant, dir, options) => baidu.list(grant, dir, options),
  stat: (grant, fsIds) => baidu.stat(grant, fsIds),
  read: (grant, fsId, signal) => baidu.read(grant, fsId, signal),
}
const server = setupServer({ cloudDrive: provider })
afterEach(() => standIn.clearFaults())

const authorize = (body: unknown, headers: Record<string, string> = VIP) => server.post('/v1/cloudDrive/authorize', body, headers)
const status = (headers: Record<string, string> = VIP) => server.get('/v1/cloudDrive/status', headers)
const grantRow = () => findGrant(server.db, DEMO_USERS.vip.id)

describe('POST /v1/cloudDrive/authorize (the host hands over the code of the drive sign-in)', () => {
  it('exchanges the code, reads the account name, and the page then sees 已授权', async () => {
    expect(envelope(await status()).data).toEqual({ authorized: false, accountName: '' })
    const res = await authorize({ code: standIn.issueCode() })
    expect(res.json()).toEqual({ result: 'SUCCESS', data: { authorized: true, accountName: '小明的百度网盘' }, msg: expect.any(String) })
    expect(envelope(await status()).data).toEqual({ authorized: true, accountName: '小明的百度网盘' })
    expect(await grantRow()).toMatchObject({ provider: 'baidu', accessToken: expect.stringMatching(/^121\./) })
  })

  it('a used or unknown code is a 400 with a Chinese msg, and nothing is saved', async () => {
    const code = standIn.issueCode()
    expect((await authorize({ code }, BASIC)).statusCode).toBe(200)
    const before = await findGrant(server.db, DEMO_USERS.basic.id)
    for (const [headers, c] of [
      [BASIC, code],
      [VIP, code],
      [VIP, 'nonsense'],
    ] as const) {
      const res = await authorize({ code: c }, headers)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ result: 'BAD_REQUEST', data: null, msg: '百度网盘授权码无效或已使用，请重新授权' })
    }
    expect(await findGrant(server.db, DEMO_USERS.basic.id)).toEqual(before)
    expect(await grantRow()).toBeNull()
  })

  it('a body without a code, or a code that is no string, is a 400 with a Chinese msg; no call goes to Baidu', async () => {
    standIn.calls.length = 0
    for (const body of [{}, { code: 12 }, { code: '' }, { code: 'a b' }]) {
      const res = await authorize(body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ data: null, msg: expect.stringMatching(/[\u4e00-\u9fff]/) })
    }
    expect(standIn.calls).toEqual([])
  })

  it('Baidu not answering is a 502 with a Chinese msg, nothing saved', async () => {
    standIn.fail({ endpoint: 'token', kind: 'http-500' })
    const res = await authorize({ code: standIn.issueCode() })
    expect(res.statusCode).toBe(502)
    expect(res.json()).toEqual({ result: expect.any(String), data: null, msg: '百度网盘暂时无法访问，请稍后重试' })
    expect(await grantRow()).toBeNull()
  })

  it('needs the caller signed in', async () => {
    expect((await authorize({ code: standIn.issueCode() }, {})).statusCode).toBe(401)
  })

  it('is limited per address like the sign-ins: past 20 a minute, 429', async () => {
    const limited = await buildApp({ db: server.db, dataDir: server.dataDir, cloudDrive: provider })
    try {
      const codes = Array.from({ length: 21 }, () => 'no-such-code')
      const replies = []
      for (const code of codes)
        replies.push(
          (await limited.inject({ method: 'POST', url: '/v1/cloudDrive/authorize', headers: VIP, payload: { code } })).statusCode,
        )
      expect(replies.slice(0, 20).every((s) => s === 400)).toBe(true)
      expect(replies[20]).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('renewing a grant (a refresh token is single-use)', () => {
  const expireSoon = () =>
    server.db.query(`UPDATE cloud_drive_grants SET expires_at = now() + interval '5 minutes' WHERE user_id = $1`, [DEMO_USERS.vip.id])

  it('a grant about to expire is refreshed once, even by two calls at once, and both go on', async () => {
    await authorize({ code: standIn.issueCode() })
    const old = (await grantRow())!
    await expireSoon()
    standIn.refreshes.length = 0
    const [a, b] = await Promise.all([status(), files(server.app, { dir: '/绘本', suffix: 'pdf' })])
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    expect(standIn.refreshes).toEqual([{ token: old.refreshToken, accepted: true }])
    const renewed = (await grantRow())!
    expect(renewed.refreshToken).not.toBe(old.refreshToken)
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    // Live again: no more refreshes.
    await status()
    expect(standIn.refreshes).toHaveLength(1)
  })

  it('two instances renewing at once (two providers on one database): one refresh, the same new pair for both', async () => {
    await authorize({ code: standIn.issueCode() })
    await expireSoon()
    standIn.refreshes.length = 0
    const [one, two] = await Promise.all([
      currentGrant(server.db, createBaiduProvider(config), DEMO_USERS.vip.id),
      currentGrant(server.db, createBaiduProvider(config), DEMO_USERS.vip.id),
    ])
    expect(standIn.refreshes.filter((r) => r.accepted)).toHaveLength(1)
    expect(standIn.refreshes.filter((r) => !r.accepted)).toHaveLength(0)
    expect(one!.refreshToken).toBe(two!.refreshToken)
    expect((await grantRow())!.refreshToken).toBe(one!.refreshToken)
  })

  it('a refresh token Baidu refuses: the expired grant is a 403 CLOUD_AUTH_EXPIRED, and it is not tried again', async () => {
    await authorize({ code: standIn.issueCode() })
    const grant = (await grantRow())!
    await baidu.refresh!(grant) // used up elsewhere
    await server.db.query(`UPDATE cloud_drive_grants SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [DEMO_USERS.vip.id])
    standIn.refreshes.length = 0
    const res = await status()
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ result: 'CLOUD_AUTH_EXPIRED', data: null, msg: '百度网盘授权已过期，请重新授权' })
    expect((await files(server.app, { dir: '/', suffix: 'pdf' })).statusCode).toBe(403)
    expect(standIn.refreshes).toEqual([{ token: grant.refreshToken, accepted: false }])
    // Authorizing again brings it back.
    await authorize({ code: standIn.issueCode() })
    expect((await status()).statusCode).toBe(200)
  })

  it('a token Baidu revoked (errno -6) is a 403 CLOUD_AUTH_EXPIRED on the listing', async () => {
    await authorize({ code: standIn.issueCode() })
    standIn.expireAccessTokens(true)
    const res = await files(server.app, { dir: '/绘本', suffix: 'pdf' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ result: 'CLOUD_AUTH_EXPIRED' })
  })
})

describe('listing and import through the API', () => {
  it('lists /绘本 (folders, then PDFs), imports two books, the job ends done with their bytes stored', async () => {
    await authorize({ code: standIn.issueCode() })
    const list = listing(await files(server.app, { dir: '/绘本', suffix: 'pdf' }))
    expect(list.items.map((i) => i.name)).toEqual(['动物', 'Brown Bear.pdf', 'The Little Red Hen.pdf'])
    expect(list).toMatchObject({ dir: '/绘本', parent: '/', hasMore: false })
    const ids = list.items.filter((i) => !i.isDir).map((i) => i.fsId)
    const job = await importAndWait(server.app, { fsIds: ids, albumId: DEMO_FOLDERS.emptyFolder })
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, failed: [] })
    const books = await server.db.query<{ title: string; url: string }>(
      'SELECT title, file_url AS url FROM folders WHERE parent_id = $1 ORDER BY title',
      [DEMO_FOLDERS.emptyFolder],
    )
    expect(books.map((b) => b.title)).toEqual(['Brown Bear', 'The Little Red Hen'])
    expect(readFileSync(join(server.dataDir, books[1]!.url)).equals(hen)).toBe(true)
  })

  it('a file throttled past the retries fails alone; Baidu down for the listing is a 502', async () => {
    await authorize({ code: standIn.issueCode() })
    standIn.fail({ endpoint: 'list', kind: 'http-429', times: 4 })
    const down = await files(server.app, { dir: '/绘本', suffix: 'pdf' })
    expect(down.statusCode).toBe(502)
    expect(down.json()).toMatchObject({ data: null, msg: '百度网盘暂时无法访问，请稍后重试' })
    standIn.clearFaults()
    const ids = [standIn.fsIdOf('/绘本/Brown Bear.pdf'), standIn.fsIdOf('/绘本/The Little Red Hen.pdf')]
    // The import's stat passes; then the first file's download is throttled four times (1 + 3 retries).
    standIn.fail({ endpoint: 'bytes', kind: 'http-429', times: 4 })
    const job = await importAndWait(server.app, { fsIds: ids, albumId: DEMO_FOLDERS.emptyFolder })
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2 })
    expect(job.failed).toEqual([{ name: 'Brown Bear.pdf', msg: '读取网盘文件失败' }])
  })
})

describe('NODE_ENV=production', () => {
  afterEach(() => vi.unstubAllEnvs())
  const signedIn = async () => bearer(await signToken({ subject: 'baidu-production-user' }))
  const verifier = () => verifierFromEnv({ AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })

  it('without BAIDU_*: no demo drive; every cloud-drive call answers 503 百度网盘导入暂未开通', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    for (const name of ['BAIDU_CLIENT_ID', 'BAIDU_CLIENT_SECRET', 'BAIDU_REDIRECT_URI', 'BAIDU_OAUTH_URL', 'BAIDU_PAN_URL'])
      vi.stubEnv(name, '')
    const app = await buildApp({ db: server.db, dataDir: server.dataDir, verifier: verifier(), rateLimits: false })
    try {
      const headers = await signedIn()
      const calls = [
        await app.inject({ method: 'GET', url: '/v1/cloudDrive/status', headers }),
        await app.inject({ method: 'GET', url: '/v1/cloudDrive/files?dir=/&suffix=pdf', headers }),
        await app.inject({ method: 'POST', url: '/v1/cloudDrive/authorize', headers, payload: { code: 'x' } }),
        await app.inject({ method: 'POST', url: '/v1/cloudDrive/import', headers, payload: { fsIds: ['1'], albumId: 1 } }),
      ]
      for (const res of calls) {
        expect(res.statusCode).toBe(503)
        expect(res.json()).toMatchObject({ data: null, msg: '百度网盘导入暂未开通' })
      }
    } finally {
      await app.close()
    }
  })

  it('with BAIDU_* (here the stand-in): the host authorizes a code and the Baidu drive is listed', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('BAIDU_CLIENT_ID', standIn.clientId)
    vi.stubEnv('BAIDU_CLIENT_SECRET', standIn.clientSecret)
    vi.stubEnv('BAIDU_REDIRECT_URI', standIn.redirectUri)
    vi.stubEnv('BAIDU_OAUTH_URL', standIn.url)
    vi.stubEnv('BAIDU_PAN_URL', standIn.url)
    const app = await buildApp({ db: server.db, dataDir: server.dataDir, verifier: verifier(), rateLimits: false })
    try {
      const headers = await signedIn()
      const auth = await app.inject({ method: 'POST', url: '/v1/cloudDrive/authorize', headers, payload: { code: standIn.issueCode() } })
      expect(auth.json()).toMatchObject({ result: 'SUCCESS', data: { authorized: true, accountName: '小明的百度网盘' } })
      const root = await app.inject({ method: 'GET', url: '/v1/cloudDrive/files?dir=/&suffix=pdf', headers })
      expect(root.json<{ data: { items: { name: string }[] } }>().data.items.map((i) => i.name)).toEqual(['绘本'])
    } finally {
      await app.close()
    }
  })

  it('an incomplete BAIDU_* refuses the start with one line', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('BAIDU_CLIENT_ID', 'only-this')
    vi.stubEnv('BAIDU_CLIENT_SECRET', '')
    vi.stubEnv('BAIDU_REDIRECT_URI', '')
    await expect(buildApp({ db: server.db, dataDir: server.dataDir, verifier: verifier(), rateLimits: false })).rejects.toThrow(
      'the Baidu Netdisk provider needs BAIDU_CLIENT_SECRET, BAIDU_REDIRECT_URI too (it has BAIDU_CLIENT_ID)',
    )
  })
})
