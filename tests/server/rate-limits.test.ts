/**
 * Rate limits (issue 40 items 4 and 5): counted per user and per client address in the database every
 * instance shares, answered with 429 `RATE_LIMITED` `操作太频繁，请稍后再试` and `Retry-After`, before
 * the work was done (the sign-in of an address past its refused sign-ins is not even looked up).
 */
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import type { RateLimits } from '../../server/rate-limit/rate-limits'
import { DEMO_SHARES, DEMO_TOKENS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { bearer, BASIC, envelope, VIP } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'
import { verifierFromEnv } from '../../server/auth/token-verifier'

const HS256_ENV = { AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE }

const LIMITS: RateLimits = {
  user: { max: 5, windowMs: 60_000 },
  signInFailures: { max: 3, windowMs: 60_000 },
  shareLookups: { max: 4, windowMs: 60_000 },
  telemetry: { max: 4, windowMs: 60_000 },
  opsFailures: { max: 3, windowMs: 60_000 },
}

let testDb: TestDb
/** Two instances on one database, as behind a load balancer. */
let one: FastifyInstance
let two: FastifyInstance
/** The statements the instances ran, in order. */
const statements: string[] = []

function recording(db: Db): Db {
  const note = (sql: string) => statements.push(sql.replace(/\s+/g, ' ').trim())
  return {
    kind: db.kind,
    query: (sql, params) => (note(sql), db.query(sql, params)),
    exec: (sql) => (note(sql), db.exec(sql)),
    transaction: (fn) => db.transaction(fn),
    batch: (list) => (list.forEach((s) => note(s.sql)), db.batch(list)),
    close: () => db.close(),
  }
}

beforeAll(async () => {
  testDb = await openTestDb()
  await resetTables(testDb.db)
})
// Fresh instances and counters for each test (an instance remembers the keys it saw over their limit).
beforeEach(async () => {
  await Promise.all([one?.close(), two?.close()])
  await testDb.db.query('DELETE FROM rate_limits')
  await testDb.db.query('DELETE FROM signed_in_lately')
  // A signed token signs in beside the demo's (not production): the exception of signed-in-lately needs one.
  const build = () =>
    buildApp({ db: recording(testDb.db), dataDir: testDb.dataDir, rateLimits: LIMITS, verifier: verifierFromEnv(HS256_ENV) })
  one = await build()
  two = await build()
  statements.length = 0
})
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()])
  await testDb?.dispose()
})

const from = (remoteAddress: string, options: InjectOptions): InjectOptions => ({ ...options, remoteAddress })
const share = (address = '203.0.113.7'): InjectOptions => from(address, { method: 'GET', url: `/v1/share/uar?r=${DEMO_SHARES.book}` })
const listing = (headers: Record<string, string>, address = '203.0.113.7'): InjectOptions =>
  from(address, { method: 'GET', url: '/v1/directory/0', headers })

/** Sends `count` requests one after the other, alternating between the two instances. */
async function alternate(count: number, options: () => InjectOptions) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await (i % 2 ? two : one).inject(options())).statusCode)
  return statuses
}

function expectRateLimited(res: Awaited<ReturnType<FastifyInstance['inject']>>, windowS = 60) {
  expect(res.statusCode).toBe(429)
  expect(envelope(res)).toEqual({ result: 'RATE_LIMITED', data: null, msg: '操作太频繁，请稍后再试' })
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(windowS)
}

describe('share-code lookups', () => {
  it('are refused past the limit of one address, counted across both instances', async () => {
    expect(await alternate(4, () => share())).toEqual([200, 200, 200, 200])
    expectRateLimited(await one.inject(share()))
    expectRateLimited(await two.inject(share()))
  })

  it('count guesses like hits, and leave other addresses alone', async () => {
    const guess = (i: number) => from('203.0.113.7', { method: 'GET', url: `/v1/share/uar?r=guess${i}` })
    expect(await Promise.all([0, 1, 2, 3].map((i) => one.inject(guess(i))))).toSatisfy((r: { statusCode: number }[]) =>
      r.every((res) => res.statusCode === 404),
    )
    expectRateLimited(await two.inject(guess(4)))
    expect((await one.inject(share('198.51.100.20'))).statusCode).toBe(200)
  })

  it('past the limit, cost no database statement on the instance that saw it', async () => {
    await alternate(5, () => share())
    statements.length = 0
    for (let i = 0; i < 20; i++) expect((await one.inject(share())).statusCode).toBe(429)
    expect(statements).toEqual([])
  })

  it('count an IPv6 client by its /64', async () => {
    const v6 = (host: string) => share(`2001:db8:1:2:${host}`)
    expect(await alternate(4, () => v6(`${Math.floor(Math.random() * 9000) + 1000}::1`))).toEqual([200, 200, 200, 200])
    expectRateLimited(await one.inject(v6('ffff::1')))
    expect((await one.inject(share('2001:db8:1:3::1'))).statusCode).toBe(200)
  })
})

describe('refused sign-ins', () => {
  it('past the limit of one address, refuse its next calls before the sign-in is looked up', async () => {
    const bogus = () => listing(bearer(`guess-${Math.random()}`))
    expect(await alternate(3, bogus)).toEqual([401, 401, 401])
    statements.length = 0
    expectRateLimited(await one.inject(bogus()))
    expectRateLimited(await two.inject(listing(VIP)))
    expect(statements.filter((sql) => /FROM users/.test(sql))).toEqual([])
  })

  it('past the limit, still let through a token that signed in lately from that address (a shared NAT)', async () => {
    expect((await one.inject(listing(BASIC))).statusCode).toBe(200)
    expect(await alternate(3, () => listing(bearer(`guess-${Math.random()}`)))).toEqual([401, 401, 401])
    expectRateLimited(await one.inject(listing(bearer('guess-again'))))
    expect((await one.inject(listing(BASIC))).statusCode).toBe(200)
  })

  it('past the limit, let through a signed token that signed in lately through the other instance (before: 429)', async () => {
    const bob = await signToken({ subject: 'bob' })
    expect((await one.inject(listing(bearer(bob)))).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) expect((await two.inject(listing(bearer(`guess-${i}`)))).statusCode).toBe(401)
    expectRateLimited(await two.inject(listing(bearer('guess-again'))))
    statements.length = 0
    expect((await two.inject(listing(bearer(bob)))).statusCode).toBe(200)
    // A real token that did not sign in lately is no exception, nor is a forged one, which costs no statement.
    expectRateLimited(await two.inject(listing(bearer(await signToken({ subject: 'carol' })))))
    const looked = statements.length
    expectRateLimited(await two.inject(listing(bearer(await signToken({ subject: 'bob', key: 'not-the-secret-0123456789abcdef0123' })))))
    expectRateLimited(await two.inject(listing(bearer('guess-again'))))
    expect(statements.length).toBe(looked)
    // Only a hash of the token is kept.
    const rows = await testDb.db.query<{ token_hash: string }>('SELECT token_hash FROM signed_in_lately')
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(bob)
  })

  it('leave the users of other addresses alone', async () => {
    await alternate(4, () => listing(bearer('nobody')))
    expect((await one.inject(listing(VIP, '198.51.100.20'))).statusCode).toBe(200)
  })

  it('do not count a signed-in call', async () => {
    expect(await alternate(5, () => listing(VIP, '203.0.113.7'))).not.toContain(429)
    expect((await one.inject(listing(bearer('nobody')))).statusCode).toBe(401)
  })
})

describe('a signed-in user', () => {
  it('is refused past their limit, counted across both instances and every address', async () => {
    const statuses = await alternate(5, () => listing(VIP, `198.51.100.${Math.floor(Math.random() * 200)}`))
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expectRateLimited(await one.inject(listing(VIP)))
    expectRateLimited(await two.inject(listing(VIP, '192.0.2.99')))
  })

  it("is refused alone: another user's calls go on", async () => {
    await alternate(6, () => listing(VIP))
    expect((await one.inject(listing(BASIC))).statusCode).toBe(200)
    expect((await two.inject(listing(bearer(DEMO_TOKENS.permanent)))).statusCode).toBe(200)
  })

  it('may call again once the window is over', async () => {
    const short = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, rateLimits: { ...LIMITS, user: { max: 2, windowMs: 1_000 } } })
    try {
      expect(await Promise.all([0, 1, 2].map(() => short.inject(listing(BASIC))))).toSatisfy((r: { statusCode: number }[]) =>
        r.some((res) => res.statusCode === 429),
      )
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      expect((await short.inject(listing(BASIC))).statusCode).toBe(200)
    } finally {
      await short.close()
    }
  })
})

describe('the counters', () => {
  it('keep no address in clear', async () => {
    await one.inject(share('203.0.113.77'))
    await one.inject(listing(bearer('nobody'), '203.0.113.78'))
    const keys = (await testDb.db.query<{ key: string }>('SELECT key FROM rate_limits')).map((r) => r.key)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key).not.toMatch(/203\.0\.113|share|signin/)
  })
})
