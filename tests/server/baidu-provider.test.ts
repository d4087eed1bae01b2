/**
 * The Baidu Netdisk provider against the local stand-in (server/cloud-drive/baidu/stand-in.ts): the code
 * exchange, listing, stat, read and abort, each error's kind, and throttling retried then `unavailable`.
 */
import { text } from 'node:stream/consumers'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  BAIDU_PROVIDER_NAME,
  baiduConfigFromEnv,
  createBaiduProvider,
  type BaiduConfig,
} from '../../server/cloud-drive/baidu/baidu-provider'
import { startBaiduStandIn, type BaiduStandIn } from '../../server/cloud-drive/baidu/stand-in'
import { CloudDriveError, type CloudDriveProvider, type CloudGrant } from '../../server/cloud-drive/provider'
import { StartRefusal } from '../../server/start-refusal'

const pdf = (name: string) => Buffer.from(`%PDF-1.4\n% ${name}\n${'x'.repeat(2000)}\n%%EOF\n`)

let standIn: BaiduStandIn
let config: BaiduConfig
let provider: CloudDriveProvider

const files: Record<string, Buffer | 'dir'> = {
  '/绘本/Book 10.pdf': pdf('10'),
  '/绘本/Book 2.pdf': pdf('2'),
  '/绘本/SUNNY DAY.PDF': pdf('sunny'),
  '/绘本/课程表.xlsx': Buffer.from('xlsx'),
  '/绘本/动物': 'dir',
  '/绘本/A 子目录': 'dir',
  '/空': 'dir',
  '/根.pdf': pdf('root'),
}
// 2,345 files: three pages of Baidu's list (1000 each).
for (let i = 1; i <= 2345; i++) files[`/大/Book ${String(i).padStart(4, '0')}.pdf`] = Buffer.from(`%PDF-${i}`)

beforeAll(async () => {
  standIn = await startBaiduStandIn({ files, chunks: 8, chunkDelayMs: 0 })
  config = standIn.config({ timeoutMs: 2_000, backoffMs: 20 })
  provider = createBaiduProvider(config)
})
afterAll(() => standIn.close())
afterEach(() => {
  standIn.calls.length = 0
})

/** A grant made through the code exchange. */
async function signIn(p: CloudDriveProvider = provider): Promise<CloudGrant> {
  return { userId: 1, ...(await p.authorize!(standIn.issueCode())) }
}

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof CloudDriveError ? error.kind : `not a CloudDriveError: ${String(error)}`),
  )

describe('the code exchange', () => {
  it('gives a grant with the account name of uinfo and the token lifetime', async () => {
    const before = Date.now()
    const grant = await signIn()
    expect(grant).toMatchObject({ provider: BAIDU_PROVIDER_NAME, accountName: '小明的网盘' })
    expect(grant.accessToken).toMatch(/^121\./)
    expect(grant.refreshToken).toMatch(/^122\./)
    expect(grant.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000)
    expect(standIn.calls).toEqual(['token', 'uinfo'])
  })

  it('a used, unknown or foreign code is auth-expired; a wrong secret is unavailable', async () => {
    const code = standIn.issueCode()
    await provider.authorize!(code)
    expect(await kindOf(provider.authorize!(code))).toBe('auth-expired')
    expect(await kindOf(provider.authorize!('no-such-code'))).toBe('auth-expired')
    const wrongSecret = createBaiduProvider({ ...config, clientSecret: 'wrong' })
    expect(await kindOf(wrongSecret.authorize!(standIn.issueCode()))).toBe('unavailable')
  })

  it('a refresh gives a new pair; the used refresh token is refused after', async () => {
    const grant = await signIn()
    const tokens = await provider.refresh!(grant)
    expect(tokens.refreshToken).not.toBe(grant.refreshToken)
    expect(await kindOf(provider.refresh!(grant))).toBe('auth-expired')
    expect(await kindOf(provider.refresh!({ ...grant, ...tokens }))).toBe('no error')
  })
})

describe('listing', () => {
  it('folders first, then files by name (numbers by value), filtered by suffix in any case, paged', async () => {
    const grant = await signIn()
    const page = await provider.list(grant, '/绘本', { suffix: 'pdf', start: 0, limit: 3 })
    // Chinese collation (the stand-in, like Baidu, sends byte order: 'A 子目录' before '动物').
    expect(page.entries.map((e) => e.name)).toEqual(['动物', 'A 子目录', 'Book 2.pdf'])
    expect(page.hasMore).toBe(true)
    const rest = await provider.list(grant, '/绘本', { suffix: 'pdf', start: 3, limit: 3 })
    expect(rest.entries.map((e) => e.name)).toEqual(['Book 10.pdf', 'SUNNY DAY.PDF'])
    expect(rest.hasMore).toBe(false)
    const book = rest.entries[0]!
    expect(book).toMatchObject({
      path: '/绘本/Book 10.pdf',
      isDir: false,
      size: pdf('10').length,
      fsId: standIn.fsIdOf('/绘本/Book 10.pdf'),
    })
    expect(page.entries[0]).toMatchObject({ isDir: true, size: 0 })
  })

  it('reads a folder of 2,345 entries through Baidu pages of 1,000, and serves the next page from that read', async () => {
    const grant = await signIn()
    standIn.calls.length = 0
    const first = await provider.list(grant, '/大', { suffix: 'pdf', start: 0, limit: 1000 })
    expect(standIn.calls).toEqual(['list', 'list', 'list'])
    const last = await provider.list(grant, '/大', { suffix: 'pdf', start: 2000, limit: 1000 })
    expect(standIn.calls).toHaveLength(3)
    expect(first.entries).toHaveLength(1000)
    expect(first.hasMore).toBe(true)
    expect(last.entries.map((e) => e.name).slice(-1)).toEqual(['Book 2345.pdf'])
    expect(last.entries).toHaveLength(345)
    expect(last.hasMore).toBe(false)
  })

  it('an empty folder is empty; a missing one, or a file, is not-found', async () => {
    const grant = await signIn()
    expect(await provider.list(grant, '/空', { suffix: 'pdf', start: 0, limit: 10 })).toEqual({ entries: [], hasMore: false })
    expect(await kindOf(provider.list(grant, '/没有', { suffix: 'pdf', start: 0, limit: 10 }))).toBe('not-found')
    expect(await kindOf(provider.list(grant, '/根.pdf', { suffix: 'pdf', start: 0, limit: 10 }))).toBe('not-found')
  })
})

describe('stat and read', () => {
  it('stat finds the ids that exist and leaves out the others', async () => {
    const grant = await signIn()
    const id = standIn.fsIdOf('/根.pdf')
    const found = await provider.stat(grant, [id, '999999999999', 'not-a-number'])
    expect([...found.keys()]).toEqual([id])
    expect(found.get(id)).toMatchObject({ name: '根.pdf', path: '/根.pdf', isDir: false, size: pdf('root').length })
  })

  it('read streams the bytes through the dlink (access token, pan.baidu.com agent, 302)', async () => {
    const grant = await signIn()
    const stream = await provider.read(grant, standIn.fsIdOf('/根.pdf'), new AbortController().signal)
    expect(await text(stream)).toBe(pdf('root').toString())
    expect(standIn.calls.slice(-3)).toEqual(['filemetas', 'dlink', 'bytes'])
  })

  it('read of an unknown id is not-found, of a folder read-failed', async () => {
    const grant = await signIn()
    expect(await kindOf(provider.read(grant, '999999999999', new AbortController().signal))).toBe('not-found')
    expect(await kindOf(provider.read(grant, standIn.fsIdOf('/空'), new AbortController().signal))).toBe('read-failed')
  })

  it('an abort stops a download under way', async () => {
    const slow = await startBaiduStandIn({ files: { '/慢.pdf': pdf('slow') }, chunks: 20, chunkDelayMs: 200 })
    try {
      const p = createBaiduProvider({ ...config, oauthUrl: slow.url, panUrl: slow.url })
      const grant = { userId: 1, ...(await p.authorize!(slow.issueCode())) }
      const abort = new AbortController()
      const stream = await p.read(grant, slow.fsIdOf('/慢.pdf'), abort.signal)
      const chunks: Buffer[] = []
      const ended = new Promise<unknown>((resolve) => {
        stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          if (chunks.length === 1) abort.abort()
        })
        stream.once('error', resolve)
        stream.once('end', () => resolve('ended'))
      })
      const outcome = await ended
      expect((outcome as Error).name).toBe('AbortError')
      expect(Buffer.concat(chunks).length).toBeLessThan(pdf('slow').length)
    } finally {
      await slow.close()
    }
  })

  it('a download that stalls longer than readIdleMs fails read-failed', async () => {
    const stalled = await startBaiduStandIn({ files: { '/卡.pdf': pdf('stall') }, chunks: 2, chunkDelayMs: 3_000 })
    try {
      const p = createBaiduProvider({ ...config, oauthUrl: stalled.url, panUrl: stalled.url, readIdleMs: 300 })
      const grant = { userId: 1, ...(await p.authorize!(stalled.issueCode())) }
      const stream = await p.read(grant, stalled.fsIdOf('/卡.pdf'), new AbortController().signal)
      expect(await kindOf(text(stream))).toBe('read-failed')
    } finally {
      await stalled.close()
    }
  })
})

describe('errors', () => {
  it('an expired access token (errno 111) or an unknown one (-6) is auth-expired, on every call', async () => {
    const grant = await signIn()
    const id = standIn.fsIdOf('/根.pdf')
    for (const revoke of [false, true]) {
      const g = revoke ? await signIn() : grant
      standIn.expireAccessTokens(revoke)
      expect(await kindOf(provider.list(g, '/空', { suffix: 'pdf', start: 0, limit: 10 }))).toBe('auth-expired')
      expect(await kindOf(provider.stat(g, [id]))).toBe('auth-expired')
      expect(await kindOf(provider.read(g, id, new AbortController().signal))).toBe('auth-expired')
    }
  })

  it('a grant of another provider is auth-expired without a call', async () => {
    const grant = { ...(await signIn()), provider: 'demo' }
    standIn.calls.length = 0
    expect(await kindOf(provider.list(grant, '/', { suffix: 'pdf', start: 0, limit: 10 }))).toBe('auth-expired')
    expect(standIn.calls).toEqual([])
  })

  it('throttling (errno 31034, HTTP 429) and a 5xx are retried with backoff, and succeed within the bound', async () => {
    const grant = await signIn()
    standIn.fail({ endpoint: 'list', kind: 'throttle' })
    standIn.fail({ endpoint: 'list', kind: 'http-429' })
    standIn.fail({ endpoint: 'list', kind: 'http-500' })
    standIn.calls.length = 0
    const started = Date.now()
    const page = await provider.list(grant, '/绘本', { suffix: 'pdf', start: 0, limit: 10 })
    expect(page.entries).toHaveLength(5)
    expect(standIn.calls).toEqual(['list', 'list', 'list', 'list'])
    // Backoff 20, 40, 80 ms (±25 %): the retries paused, not hammered.
    expect(Date.now() - started).toBeGreaterThanOrEqual(100)
  })

  it('throttled past the retries: unavailable after 1 + retries calls', async () => {
    const grant = await signIn()
    standIn.fail({ endpoint: 'filemetas', kind: 'throttle', times: 10 })
    standIn.calls.length = 0
    expect(await kindOf(provider.stat(grant, [standIn.fsIdOf('/根.pdf')]))).toBe('unavailable')
    expect(standIn.calls).toEqual(['filemetas', 'filemetas', 'filemetas', 'filemetas'])
    standIn.clearFaults()
  })

  it('a reply slower than timeoutMs is unavailable, in about that time', async () => {
    const grant = await signIn()
    standIn.fail({ endpoint: 'list', kind: 'slow', delayMs: 5_000 })
    const started = Date.now()
    expect(await kindOf(provider.list(grant, '/空', { suffix: 'pdf', start: 0, limit: 10 }))).toBe('unavailable')
    expect(Date.now() - started).toBeLessThan(4_500)
  })

  it('a token endpoint 5xx is not retried (a code is single-use) and is unavailable', async () => {
    standIn.fail({ endpoint: 'token', kind: 'http-500' })
    standIn.calls.length = 0
    expect(await kindOf(provider.authorize!(standIn.issueCode()))).toBe('unavailable')
    expect(standIn.calls).toEqual(['token'])
  })

  it('a drive that is not there is unavailable', async () => {
    const closed = await startBaiduStandIn()
    await closed.close()
    const p = createBaiduProvider({ ...config, oauthUrl: closed.url, panUrl: closed.url })
    expect(await kindOf(p.authorize!('x'))).toBe('unavailable')
  })
})

describe('configuration from the environment', () => {
  it('none set: null; the three set: the real endpoints by default; incomplete or a bad URL: a one-line refusal', () => {
    expect(baiduConfigFromEnv({})).toBeNull()
    expect(baiduConfigFromEnv({ BAIDU_CLIENT_ID: 'a', BAIDU_CLIENT_SECRET: 'b', BAIDU_REDIRECT_URI: 'oob' })).toMatchObject({
      oauthUrl: 'https://openapi.baidu.com',
      panUrl: 'https://pan.baidu.com',
    })
    expect(() => baiduConfigFromEnv({ BAIDU_CLIENT_ID: 'a' })).toThrow(StartRefusal)
    expect(() => baiduConfigFromEnv({ BAIDU_CLIENT_ID: 'a' })).toThrow(/needs BAIDU_CLIENT_SECRET, BAIDU_REDIRECT_URI/)
    expect(() =>
      baiduConfigFromEnv({ BAIDU_CLIENT_ID: 'a', BAIDU_CLIENT_SECRET: 'b', BAIDU_REDIRECT_URI: 'oob', BAIDU_PAN_URL: 'ftp://x' }),
    ).toThrow(/BAIDU_PAN_URL must be an http\(s\) URL/)
  })
})
