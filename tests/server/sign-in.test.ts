/**
 * Issue 40 item 1: in production the server accepts only tokens of the product's sign-in (JWTs checked
 * against a secret or a key set, with issuer, audience and expiry), knows the user by the token's
 * subject and makes them an empty space on first sight; the demo's fixed tokens are refused there.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { verifierFromEnv, type AuthEnv } from '../../server/auth/token-verifier'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { bearer, envelope } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'
import { signToken, startKeySetServer, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET, type KeySetServer } from './helpers/tokens'

const HS256_ENV: AuthEnv = { AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE }

let testDb: TestDb
let keySet: KeySetServer
beforeAll(async () => {
  testDb = await openTestDb()
  keySet = await startKeySetServer()
})
beforeEach(() => resetTables(testDb.db))
afterEach(() => vi.unstubAllEnvs())
afterAll(async () => {
  await keySet?.stop()
  await testDb?.dispose()
})

/** An app as `NODE_ENV=production` (unless `production: false`) with the sign-in of `env`. */
async function withApp(env: AuthEnv, check: (app: FastifyInstance) => Promise<void>, production = true): Promise<void> {
  if (production) vi.stubEnv('NODE_ENV', 'production')
  const app = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, verifier: verifierFromEnv(env) })
  vi.unstubAllEnvs()
  try {
    await check(app)
  } finally {
    await app.close()
  }
}

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) })
const refusal = (reply: LightMyRequestResponse) => ({ status: reply.statusCode, ...envelope(reply) })
const EXPIRED = { status: 401, result: 'UNAUTHORIZED', data: null, msg: '登录已失效，请重新登录' }

describe('with NODE_ENV=production and an HS256 secret', () => {
  it('accepts a correctly signed token, and its new subject gets an empty space of its own', async () => {
    await withApp(HS256_ENV, async (app) => {
      const token = await signToken({ subject: 'login|42' })
      const root = await get(app, '/v1/directory/0', token)
      expect(root.statusCode).toBe(200)
      expect(envelope<{ items: unknown[] }>(root).data.items).toEqual([])
      expect(envelope(await get(app, '/v1/user/myCapacity', token)).data).toEqual({ total: 1024, used: 0, claimed: false })
      expect(envelope(await get(app, '/v1/user/vipInfo', token)).data).toEqual({ isVip: false, isPermanentVip: false, expireTime: null })
    })
  })

  it('keeps one user per subject: what one adds, another subject never sees, and the first sees again', async () => {
    await withApp(HS256_ENV, async (app) => {
      const alice = await signToken({ subject: 'alice' })
      const added = await app.inject({
        method: 'POST',
        url: '/v1/bookCreation/add',
        headers: bearer(alice),
        payload: { parentId: 0, type: 1, title: '爱丽丝的书' },
      })
      expect(added.statusCode).toBe(200)
      const bob = await signToken({ subject: 'bob' })
      expect(envelope<{ items: unknown[] }>(await get(app, '/v1/directory/0', bob)).data.items).toEqual([])
      const again = await signToken({ subject: 'alice', expiresIn: 300 })
      expect(envelope<{ items: { title: string }[] }>(await get(app, '/v1/directory/0', again)).data.items.map((f) => f.title)).toEqual([
        '爱丽丝的书',
      ])
    })
  })

  it('makes one user of a subject’s concurrent first requests', async () => {
    await withApp(HS256_ENV, async (app) => {
      const token = await signToken({ subject: 'carol' })
      const replies = await Promise.all(Array.from({ length: 8 }, () => get(app, '/v1/directory/0', token)))
      expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
      expect(await testDb.db.query(`SELECT id FROM users WHERE subject = 'carol'`)).toHaveLength(1)
    })
  })

  it.each([
    ['forged (signed with another secret)', { key: 'another-secret-0123456789abcdef01' }],
    ['expired', { expiresIn: -120 }],
    ['of another issuer', { issuer: 'https://evil.example.com' }],
    ['for another audience', { audience: 'another-api' }],
    ['without exp', { expiresIn: null }],
    ['without a subject', { subject: null }],
  ])('refuses a token %s with 401, and creates no user', async (_what, options) => {
    await withApp(HS256_ENV, async (app) => {
      const before = await testDb.db.query('SELECT id FROM users')
      expect(refusal(await get(app, '/v1/directory/0', await signToken(options)))).toEqual(EXPIRED)
      expect(await testDb.db.query('SELECT id FROM users')).toEqual(before)
    })
  })

  it('refuses an unsigned token (alg none) and one whose payload was edited after signing', async () => {
    await withApp(HS256_ENV, async (app) => {
      const [header, payload, signature] = (await signToken({ subject: 'dave' })).split('.')
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
      const edited = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', iss: TEST_ISSUER, aud: TEST_AUDIENCE, exp: 9e9 })).toString('base64url')}.${signature}`
      expect(refusal(await get(app, '/v1/directory/0', none))).toEqual(EXPIRED)
      expect(refusal(await get(app, '/v1/directory/0', edited))).toEqual(EXPIRED)
    })
  })

  it('refuses a subject longer than 255 characters with 401 and creates no user (an 8 KB one was a 500)', async () => {
    const users = async () => (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n
    const before = await users()
    await withApp(HS256_ENV, async (app) => {
      for (const subject of ['s'.repeat(256), 'x'.repeat(8192), '字'.repeat(256), 'nul\u0000byte']) {
        expect(refusal(await get(app, '/v1/directory/0', await signToken({ subject })))).toEqual(EXPIRED)
      }
      expect(await users()).toBe(before)
      // 255 characters are taken, counted as PostgreSQL counts them (an emoji is one, though two UTF-16 units).
      for (const subject of ['s'.repeat(255), '😀'.repeat(255)]) {
        expect((await get(app, '/v1/directory/0', await signToken({ subject }))).statusCode).toBe(200)
      }
      expect(await users()).toBe(before + 2)
    })
  })

  it('is ready (/readyz 200) at once: a secret needs nothing fetched', async () => {
    await withApp(HS256_ENV, async (app) => expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200))
  })

  it('refuses every demo token with 401', async () => {
    await withApp(HS256_ENV, async (app) => {
      for (const token of Object.values(DEMO_TOKENS)) expect(refusal(await get(app, '/v1/user/myCapacity', token))).toEqual(EXPIRED)
    })
  })

  it('refuses a demo token even with no sign-in configured', async () => {
    await withApp({}, async (app) => expect(refusal(await get(app, '/v1/directory/0', DEMO_TOKENS.vip))).toEqual(EXPIRED))
  })
})

describe('with a key set (AUTH_JWKS_URL)', () => {
  const env = () => ({ AUTH_JWKS_URL: keySet.url, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })

  it('accepts a token signed with the set’s key, fetching the set once', async () => {
    await withApp(env(), async (app) => {
      const before = keySet.fetches
      for (const subject of ['erin', 'frank']) {
        const token = await signToken({ subject, key: keySet.privateKey, alg: 'ES256', kid: keySet.kid })
        expect((await get(app, '/v1/directory/0', token)).statusCode).toBe(200)
      }
      expect(keySet.fetches - before).toBe(1)
    })
  })

  it('refuses an HS256 token whatever its secret: a key set takes only asymmetric signatures', async () => {
    await withApp(env(), async (app) =>
      expect(refusal(await get(app, '/v1/directory/0', await signToken({ kid: keySet.kid })))).toEqual(EXPIRED),
    )
  })

  it('/readyz is 503 while the key set was never fetched, 200 once its server is up, logging each turn once', async () => {
    keySet.down = true
    const lines: string[] = []
    vi.stubEnv('NODE_ENV', 'production')
    const app = await buildApp({
      db: testDb.db,
      dataDir: testDb.dataDir,
      verifier: verifierFromEnv(env()),
      logger: (line) => lines.push(line),
    })
    vi.unstubAllEnvs()
    const readyz = async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode
    const turns = () => lines.filter((line) => line.includes('/readyz:'))
    try {
      const before = keySet.fetches
      const probes: number[] = []
      for (let i = 0; i < 5; i++) probes.push(await readyz())
      expect(probes).toEqual([503, 503, 503, 503, 503])
      // Probes a moment apart share one fetch (then one every 2 s), not one each.
      expect(keySet.fetches - before).toBeLessThanOrEqual(2)
      expect(turns()).toEqual([expect.stringMatching(/WARN .*503 while no sign-in key can verify a token/)])
      keySet.down = false
      await vi.waitFor(async () => expect(await readyz()).toBe(200), { timeout: 15_000, interval: 200 })
      expect(turns()).toEqual([
        expect.stringContaining('503 while no sign-in key'),
        expect.stringMatching(/INFO .*key set is fetched again/),
      ])
      const token = await signToken({ subject: 'ready-user', key: keySet.privateKey, alg: 'ES256', kid: keySet.kid })
      expect((await get(app, '/v1/directory/0', token)).statusCode).toBe(200)
      // Its server down again: the keys in hand are fresh (10 minutes), tokens still verify, still ready, nothing fetched.
      keySet.down = true
      const fetched = keySet.fetches
      expect([await readyz(), await readyz()]).toEqual([200, 200])
      expect((await get(app, '/v1/directory/0', token)).statusCode).toBe(200)
      expect(keySet.fetches).toBe(fetched)
    } finally {
      keySet.down = false
      await app.close()
    }
  }, 60_000)

  it('/readyz is 503 when the key set’s address refuses connections', async () => {
    const down = { ...env(), AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json' }
    await withApp(down, async (app) => expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503))
  })

  it('answers 503 服务繁忙 while the key set cannot be fetched', async () => {
    const down = { ...env(), AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json' }
    await withApp(down, async (app) => {
      const token = await signToken({ key: keySet.privateKey, alg: 'ES256', kid: keySet.kid })
      expect(refusal(await get(app, '/v1/directory/0', token))).toEqual({
        status: 503,
        result: 'ERROR',
        data: null,
        msg: '服务繁忙，请稍后再试',
      })
    })
  })
})

describe('in the demo (no NODE_ENV=production)', () => {
  it('keeps the demo tokens working, beside signed tokens when a sign-in is configured', async () => {
    await withApp(
      HS256_ENV,
      async (app) => {
        expect((await get(app, '/v1/directory/0', DEMO_TOKENS.vip)).statusCode).toBe(200)
        expect((await get(app, '/v1/directory/0', await signToken({ subject: 'gina' }))).statusCode).toBe(200)
      },
      false,
    )
  })
})

describe('the sign-in configuration', () => {
  it.each([
    [{ AUTH_JWT_SECRET: TEST_SECRET }, 'sign-in needs AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE (what the tokens must name)'],
    [
      { ...HS256_ENV, AUTH_JWKS_URL: 'https://login.example.com/jwks' },
      'set AUTH_JWT_SECRET (HS256) or AUTH_JWKS_URL (a key set), not both',
    ],
    [{ ...HS256_ENV, AUTH_JWT_SECRET: 'short' }, 'AUTH_JWT_SECRET must be at least 32 bytes (HS256)'],
    [{ AUTH_JWT_ISSUER: TEST_ISSUER }, 'AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE need AUTH_JWT_SECRET or AUTH_JWKS_URL'],
    [
      { AUTH_JWKS_URL: 'ftp://x/jwks', AUTH_JWT_ISSUER: 'i', AUTH_JWT_AUDIENCE: 'a' },
      'AUTH_JWKS_URL must be an https:// URL: ftp://x/jwks',
    ],
  ])('refuses %o with one line', (env, line) => {
    expect(() => verifierFromEnv(env)).toThrow(line)
  })

  it('configures nothing without any of the variables (the demo)', () => {
    expect(verifierFromEnv({})).toBeNull()
  })
})
