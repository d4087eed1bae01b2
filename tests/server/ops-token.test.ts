/**
 * Issue 48 item 6: the operator's token of `/ops/` (`OPS_TOKEN`). Before: a one-character token started
 * (guessed in 17 tries), wrong tokens had no limit, `?ops=<token>` reached the log in clear. Now: a start
 * refuses one under 32 characters with one line; the token is taken from `Authorization` only (a query
 * parameter like one is a 400, masked in the log); wrong tokens are counted per address across
 * instances, and past the limit that address gets 429 until the window ends, right token or not.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rate-limit/rate-limits'
import { StartRefusal } from '../../server/start-refusal'
import { OPS_TOKEN_IN_URL_MSG } from '../../server/telemetry/ops-routes'
import { envelope } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'

const repo = resolve(import.meta.dirname, '../..')
/** As `openssl rand -hex 32` makes one. */
const TOKEN = 'c0ffee'.repeat(10) + 'abcd'
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, opsFailures: { max: 3, windowMs: 15 * 60_000 } }

let testDb: TestDb
let one: FastifyInstance
let two: FastifyInstance
const lines: string[] = []
beforeAll(async () => {
  testDb = await openTestDb()
  const build = () =>
    buildApp({ db: testDb.db, dataDir: testDb.dataDir, opsToken: TOKEN, rateLimits: LIMITS, logger: (l) => lines.push(l) })
  one = await build()
  two = await build()
})
afterAll(async () => {
  await one?.close()
  await two?.close()
  await testDb?.dispose()
})

const health = (
  app: FastifyInstance,
  address: string,
  token: string | null,
  url = '/ops/release-health',
  extra: Partial<InjectOptions> = {},
) =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    ...(token === null ? {} : { headers: { authorization: `Bearer ${token}` } }),
    ...extra,
  })

describe('OPS_TOKEN at start', () => {
  it('refuses a token under 32 characters with one line saying how to make one (before: 1 character started)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kids-ops-'))
    try {
      const result = spawnSync(join(repo, 'node_modules/.bin/tsx'), [join(repo, 'server/main.ts')], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', OPS_TOKEN: 'x'.repeat(31) },
        timeout: 80_000,
      })
      expect([result.status, result.stderr.trim()]).toEqual([
        1,
        'Cannot start: OPS_TOKEN must be at least 32 characters without spaces (it is 31): make one with openssl rand -hex 32',
      ])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // tsx compiling main.ts's graph takes 10 s alone, 26 s at load 23 on the shared machine.
  }, 90_000)

  it('refuses it in buildApp too (a caller that does not go through npm start)', async () => {
    await expect(buildApp({ db: testDb.db, dataDir: testDb.dataDir, opsToken: 'k', rateLimits: false })).rejects.toThrow(StartRefusal)
  })
})

describe('/ops/ with OPS_TOKEN', () => {
  it('answers the right token in the Authorization header', async () => {
    expect((await health(one, '192.0.2.1', TOKEN)).statusCode).toBe(200)
  })

  it('refuses a token in the query string with 400 saying to use the header, and never logs it', async () => {
    for (const query of [`ops=${TOKEN}`, `token=${TOKEN}`, `access_token=${TOKEN}`, `since=24&OPS=${TOKEN}`]) {
      const reply = await health(one, '192.0.2.2', null, `/ops/release-health?${query}`)
      expect([reply.statusCode, envelope(reply).msg]).toEqual([400, OPS_TOKEN_IN_URL_MSG])
      // Even with the right header beside it: the URL is what proxies and histories keep.
      expect((await health(one, '192.0.2.2', TOKEN, `/ops/release-health?${query}`)).statusCode).toBe(400)
    }
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('/ops/release-health?'))).toHaveLength(8))
    expect(lines.join('\n')).not.toContain(TOKEN)
    expect(lines).toContainEqual(expect.stringContaining('/ops/release-health?ops=*** 400'))
  })

  it('counts wrong tokens per address on every instance: past 3, that address gets 429 even with the right token; others go on', async () => {
    const codes: number[] = []
    for (const [app, token] of [
      [one, 'wrong-1'],
      [two, 'wrong-2'],
      [one, TOKEN.slice(0, -1) + '0'],
    ] as const)
      codes.push((await health(app, '198.51.100.9', token)).statusCode)
    expect(codes).toEqual([401, 401, 401])
    for (const app of [one, two]) {
      const refused = await health(app, '198.51.100.9', TOKEN)
      expect([refused.statusCode, envelope(refused).result]).toEqual([429, 'RATE_LIMITED'])
      // Until the window ends (15 min here): the operator is told how long, never locked out for good.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900)
    }
    expect((await health(two, '198.51.100.10', TOKEN)).statusCode).toBe(200)
    // A right token does not count: an operator polling all day is never refused.
    for (let i = 0; i < 5; i++) expect((await health(one, '198.51.100.11', TOKEN)).statusCode).toBe(200)
    expect(lines.join('\n')).not.toContain('wrong-1')
  })

  it('lets the address in again once its window is over', async () => {
    const short = await buildApp({
      db: testDb.db,
      dataDir: testDb.dataDir,
      opsToken: TOKEN,
      rateLimits: { ...LIMITS, opsFailures: { max: 2, windowMs: 2_000 } },
    })
    try {
      let status = 0
      for (let i = 0; i < 10 && status !== 429; i++) status = (await health(short, '203.0.113.50', 'wrong')).statusCode
      expect(status).toBe(429)
      await vi.waitFor(async () => expect((await health(short, '203.0.113.50', TOKEN)).statusCode).toBe(200), {
        timeout: 15_000,
        interval: 250,
      })
    } finally {
      await short.close()
    }
  }, 60_000)
})
