/**
 * Issue 32 item 3: `NODE_ENV=production` leaves out the development routes (a membership or
 * space for free, the demo cloud-drive grant) and the fake host (its script and its injection into pages), whatever
 * else asks for them; `DEV_ROUTES=off` does the same; `npm start` (the demo) says they are on and how
 * to turn them off.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp, type BuildAppOptions } from '../../server/app'
import { verifierFromEnv } from '../../server/auth/token-verifier'
import { demoLinkGroups } from '../../server/demo-links'
import { devMode } from '../../server/dev-mode'
import { FAKE_HOST_TAG } from '../../server/fake-host/inject'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { DEMO_GOODS } from '../../server/seed/seed-catalog'
import { bearer } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'

const dist = mkdtempSync(join(tmpdir(), 'kids-english-prod-dist-'))
mkdirSync(join(dist, 'vip_sale'))
writeFileSync(join(dist, 'vip_sale', 'index.html'), '<!doctype html><html><head><title>会员</title></head><body></body></html>')
writeFileSync(
  join(dist, 'pages-manifest.json'),
  JSON.stringify({
    pages: {
      '/vip_sale': {
        demoLinks: [
          { label: 'browser', fixture: 'browser', proof: '会员' },
          { label: 'app', fixture: 'app', proof: '会员' },
        ],
      },
    },
  }),
)

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb()
  await resetTables(testDb.db)
})
afterEach(() => vi.unstubAllEnvs())
afterAll(async () => {
  await testDb?.dispose()
  rmSync(dist, { recursive: true, force: true })
})

const DEMO_TRIAL = bearer(DEMO_TOKENS.trial)

/** Builds an app with `options`, runs `check` on it, closes it. */
async function withApp(options: Partial<BuildAppOptions>, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await buildApp({ db: testDb.db, dataDir: testDb.dataDir, distDir: dist, ...options })
  try {
    await check(app)
  } finally {
    await app.close()
  }
}

/** What a visitor (or an attacker) signed in with `TRIAL` can reach of the development features. */
async function reachable(app: FastifyInstance, TRIAL: Record<string, string> = DEMO_TRIAL) {
  const purchase = await app.inject({ method: 'POST', url: '/v1/dev/vip/purchase', headers: TRIAL, payload: { goodsId: 103 } })
  const grant = await app.inject({ method: 'POST', url: '/v1/dev/cloudDrive/grant', headers: TRIAL, payload: {} })
  const space = await app.inject({ method: 'POST', url: '/v1/dev/space/purchase', headers: TRIAL, payload: { goodsId: DEMO_GOODS[0]!.id } })
  const script = await app.inject({ method: 'GET', url: '/__fake-host.js' })
  const page = await app.inject({ method: 'GET', url: '/vip_sale?fakeHost=app' })
  const remembered = await app.inject({ method: 'GET', url: '/vip_sale', headers: { cookie: 'fakeHost=app' } })
  const vip = await app.inject({ method: 'GET', url: '/v1/user/vipInfo', headers: TRIAL })
  return {
    purchase: purchase.statusCode,
    grant: grant.statusCode,
    space: space.statusCode,
    script: script.headers['content-type']?.toString().startsWith('text/javascript') ?? false,
    injected: page.body.includes(FAKE_HOST_TAG) || remembered.body.includes(FAKE_HOST_TAG),
    cookie: page.headers['set-cookie'] !== undefined,
    isVip: vip.json<{ data: { isVip: boolean } }>().data.isVip,
  }
}

const NOTHING = { purchase: 404, grant: 404, space: 404, script: false, injected: false, cookie: false, isVip: false }

describe('NODE_ENV=production', () => {
  it('leaves out the development routes and the fake host, even when buildApp asks for them', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    // Signed in as production signs in (a demo token is refused there: sign-in.test.ts).
    const verifier = verifierFromEnv({ AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })
    const signedIn = bearer(await signToken({ subject: 'production-user' }))
    await withApp({ devRoutes: true, fakeHost: true, verifier }, async (app) => expect(await reachable(app, signedIn)).toEqual(NOTHING))
  })

  it('decides the start whatever DEV_ROUTES says', () => {
    expect(devMode({ NODE_ENV: 'production', DEV_ROUTES: 'on' })).toEqual({
      on: false,
      banner: ['Development routes and fake host: off (NODE_ENV=production).'],
    })
  })
})

describe('DEV_ROUTES=off', () => {
  it('turns the fake host off with the development routes: ?fakeHost=app injects nothing', async () => {
    const mode = devMode({ DEV_ROUTES: 'off' })
    expect(mode.on).toBe(false)
    await withApp({ devRoutes: mode.on, fakeHost: mode.on }, async (app) => expect(await reachable(app)).toEqual(NOTHING))
  })
})

describe('npm start (the demo)', () => {
  it('has both, and its banner says they are on and how to turn them off', async () => {
    const mode = devMode({})
    expect(mode.on).toBe(true)
    expect(mode.banner.join('\n')).toMatch(/Development routes and fake host are ON/)
    expect(mode.banner.join('\n')).toContain('Turn them off with DEV_ROUTES=off; NODE_ENV=production always leaves them out.')
    await withApp({ devRoutes: mode.on, fakeHost: mode.on }, async (app) =>
      expect(await reachable(app)).toEqual({
        purchase: 200,
        grant: 200,
        space: 200,
        script: true,
        injected: true,
        cookie: true,
        isVip: true,
      }),
    )
  })

  it('prints the in-app demo links only while the fake host is on', () => {
    expect(demoLinkGroups(dist, { fakeHost: false })).toEqual([
      { heading: 'In any browser:', links: [expect.objectContaining({ label: 'browser' })] },
    ])
    expect(demoLinkGroups(dist).map((g) => g.links.map((l) => l.label))).toEqual([['browser'], ['app']])
  })
})
