/**
 * Issues 38, 45 and 46: the server collects field reports (`POST /v1/telemetry`, docs/telemetry.md), from
 * the reporter and from a page's head, counts only releases a deploy made live, bounds what a source may
 * store, and answers release health (`GET /ops/release-health`) from rollups. A report comes as a beacon
 * (`text/plain` JSON), at most 16 KB, counted per client address, schema-checked; nothing of a refused one
 * is kept, and no address or user agent is kept of any.
 */
import type { InjectOptions } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import { TELEMETRY_MAX_BYTES } from '../../common/telemetry/report'
import { trustProxyFromEnv } from '../../server/app'
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limit/rate-limits'
import { UNKNOWN_SAMPLE_MAX } from '../../server/telemetry/releases'
import { StartRefusal } from '../../server/start-refusal'
import { deployed, headReport, report } from './helpers/field-reports'
import { envelope, setupServer, type ServerTestContext } from './helpers/test-app'

const PAGES = 'https://h5.example.com'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const server = setupServer({
  corsOrigins: [PAGES],
  rateLimits: { ...DEFAULT_RATE_LIMITS, telemetry: { max: 40, windowMs: 60_000 } },
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

/** A beacon: `text/plain` as `navigator.sendBeacon` sends a string, from `address`. */
const beacon = (body: unknown, address = '203.0.113.5', headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/v1/telemetry',
  remoteAddress: address,
  headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
})

const stored = (ctx: ServerTestContext = server) =>
  ctx.db.query<Record<string, unknown>>('SELECT * FROM telemetry_reports ORDER BY received_at, seq')
const healthOf = async (ctx: ServerTestContext = server, query = '') => {
  const res = await ctx.inject({ method: 'GET', url: `/ops/release-health${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return envelope<HealthReply>(res).data
}

describe('A field report', () => {
  it('sent as a beacon is kept (204), with the time it arrived and nothing of who sent it', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    const sent = report({ problems: [{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 502, count: 1, at: 300 }] })
    const res = await server.inject(beacon(sent, '203.0.113.5', { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' }))
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    const rows = await stored()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      route: '/recorded_share',
      release: 'a1b2c3d4e5f6',
      client: 'wechat',
      view: sent.view,
      has_error: true,
      head: false,
    })
    expect(rows[0]!.source).toBeGreaterThanOrEqual(0)
    expect(rows[0]!.source).toBeLessThan(256)
    expect(Date.now() - new Date(rows[0]!.received_at as string).getTime()).toBeLessThan(60_000)
    const text = JSON.stringify(rows)
    expect(text).not.toContain('203.0.113.5')
    expect(text).not.toContain('Mozilla')
  })

  it('may come as application/json too', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    const res = await server.inject({ ...beacon(report()), headers: { 'content-type': 'application/json' } })
    expect(res.statusCode).toBe(204)
    expect(await stored()).toHaveLength(1)
  })

  it('from an allowed page origin gets the CORS answer, with no preflight needed', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    const res = await server.inject(beacon(report(), '203.0.113.5', { origin: PAGES }))
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(PAGES)
  })

  const BAD: [string, unknown][] = [
    ['of another version', report({ v: 2 as 1 })],
    ['without its route', { ...report(), route: undefined }],
    ['with a query in its route', report({ route: '/recorded_share?r=secret' })],
    ['with a field the schema does not have (a token)', { ...report(), token: 'demo-vip-token' }],
    ['with a query in a problem file', report({ problems: [{ kind: 'image', message: '', file: '/media/a.png?r=1', count: 1, at: 1 }] })],
    ['with an unknown problem kind', report({ problems: [{ kind: 'oops' as 'error', message: '', count: 1, at: 1 }] })],
    [
      'with more than 30 problems',
      report({ problems: Array.from({ length: 31 }, () => ({ kind: 'error' as const, message: 'x', count: 1, at: 1 })) }),
    ],
    ['with a negative time', report({ ready: -5 })],
    ['of the head with a message in a problem', { ...headReport(), problems: [{ kind: 'error', message: 'x', count: 1, at: 1 }] }],
    ['of the head with the client fields of the reporter', { ...headReport(), client: 'app' }],
    ['that is no JSON', '{"v":1,'],
    ['that is JSON but no object', '[1,2,3]'],
  ]
  for (const [what, body] of BAD) {
    it(`${what} is a 400 and is not kept`, async () => {
      await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
      const res = await server.inject(beacon(body))
      expect(res.statusCode).toBe(400)
      expect(envelope(res)).toMatchObject({ result: 'BAD_REQUEST', data: null })
      expect(envelope(res).msg).toMatch(/[\u4e00-\u9fff]/)
      expect(await stored()).toEqual([])
    })
  }

  it('over 16 KB is a 413 and is not kept', async () => {
    const big = JSON.stringify(report({ problems: [{ kind: 'error', message: 'x'.repeat(200), count: 1, at: 1 }] })).replace(
      '"dropped":0',
      `"dropped":0${' '.repeat(TELEMETRY_MAX_BYTES)}`,
    )
    const res = await server.inject(beacon(big))
    expect(res.statusCode).toBe(413)
    expect(envelope(res)).toMatchObject({ result: 'PAYLOAD_TOO_LARGE' })
    expect(await stored()).toEqual([])
  })

  it('past the limit of one address is a 429 with Retry-After, and is not kept; other addresses go on', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    for (let i = 0; i < 40; i++) expect((await server.inject(beacon(report(), '198.51.100.9'))).statusCode).toBe(204)
    const refused = await server.inject(beacon(report(), '198.51.100.9'))
    expect(refused.statusCode).toBe(429)
    expect(envelope(refused)).toEqual({ result: 'RATE_LIMITED', data: null, msg: '操作太频繁，请稍后再试' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(await stored()).toHaveLength(40)
    expect((await server.inject(beacon(report(), '198.51.100.10'))).statusCode).toBe(204)
  })
})

describe("The head's report of a view left before the reporter came", () => {
  it('is kept with its client read from the user agent (never kept), never ready, its problems by kind', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    const head = headReport({ problems: [{ kind: 'chunk', count: 1, at: 800 }] })
    expect((await server.inject(beacon(head, '203.0.113.7', { 'user-agent': IPHONE }))).statusCode).toBe(204)
    const [row] = await stored()
    expect(row).toMatchObject({
      head: true,
      client: 'browser',
      os: 'ios',
      engine: 'webkit',
      engine_major: 17,
      ready: null,
      has_error: true,
      final: true,
    })
    expect(JSON.stringify(row)).not.toContain('iPhone OS')
    const { releases } = await healthOf()
    expect(releases[0]!.total).toMatchObject({ views: 1, errorViews: 1, neverReadyViews: 1, headViews: 1 })
    expect(releases[0]!.byEngine).toEqual([{ key: 'webkit 17', views: 1, errorViews: 1, neverReadyViews: 1 }])
  })

  it("keeps the app's cohort and source it names (the head reads them as the page starts), and null without them", async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    await server.inject(beacon({ ...headReport(), cohort: 'canary', via: 'package' }, '203.0.113.8', { 'user-agent': IPHONE }))
    await server.inject(beacon(headReport(), '203.0.113.9', { 'user-agent': IPHONE }))
    const rows = await stored()
    expect(rows.map((row) => [row.cohort, row.via])).toHaveLength(2)
    expect(rows.map((row) => [row.cohort, row.via])).toEqual(
      expect.arrayContaining([
        ['canary', 'package'],
        [null, null],
      ]),
    )
    expect((await server.inject(beacon({ ...headReport(), cohort: 'beta' }, '203.0.113.10'))).statusCode).toBe(400)
  })

  it('counts an API failure it names by status as the reporter would: no answer is an error, a 404 is not', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    await server.inject(beacon(headReport({ problems: [{ kind: 'api', status: 404, count: 1, at: 500 }] })))
    await server.inject(beacon(headReport({ problems: [{ kind: 'api', status: 0, count: 2, at: 500 }] })))
    expect((await healthOf()).releases[0]!.total).toMatchObject({ views: 2, errorViews: 1 })
  })

  it('and the reporter taking the same view over later count one view, as the reporter says it', async () => {
    await deployed(server, ['/recorded_share', 'a1b2c3d4e5f6'])
    const head = headReport({ ready: null })
    await server.inject(beacon(head, '203.0.113.7', { 'user-agent': IPHONE }))
    await server.inject(
      beacon(report({ view: head.view, seq: 1, ready: 1200, client: 'browser', os: 'ios', engine: 'webkit', engineMajor: 17 })),
    )
    const total = (await healthOf()).releases[0]!.total
    expect(total).toMatchObject({ views: 1, neverReadyViews: 0, headViews: 0 })
    expect(total.p75.ready).toBeGreaterThan(1100)
  })
})

describe('Only releases a deploy made live count', () => {
  const open = setupServer({ rateLimits: false })

  it('a report naming another release or route is answered 204, not counted, and at most a bounded sample is kept', async () => {
    await deployed(open, ['/price_up', '0123456789ab'])
    expect((await open.inject(beacon(report({ route: '/price_up', release: '0123456789ab' })))).statusCode).toBe(204)
    // An invented release of a real route, and a thousand invented routes: 204 each, none in the reply.
    for (let i = 0; i < UNKNOWN_SAMPLE_MAX + 20; i++) {
      const body =
        i % 2
          ? report({ route: '/price_up', release: 'deadbeef0000', problems: [{ kind: 'error', message: 'forged', count: 1, at: 1 }] })
          : report({ route: `/invented_${i}` })
      expect((await open.inject(beacon(body))).statusCode).toBe(204)
    }
    const reply = await healthOf(open)
    expect(reply.releases.map((r) => `${r.route} ${r.release}`)).toEqual(['/price_up 0123456789ab'])
    expect(reply.releases[0]!.total).toMatchObject({ views: 1, errorViews: 0 })
    expect(reply.notCounted.unknownRelease).toBe(UNKNOWN_SAMPLE_MAX + 20)
    const [sample] = await open.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_unknown_sample')
    expect(sample!.n).toBe(UNKNOWN_SAMPLE_MAX)
    expect(await stored(open)).toHaveLength(1)
  })

  it('the deploy names what it switched: the reply says which release is live and which before it', async () => {
    await deployed(open, ['/price_up', '0123456789ab'])
    await open.inject({
      method: 'POST',
      url: '/ops/releases',
      payload: { events: [{ route: '/price_up', release: 'abcdef012345', kind: 'live', run: '0002-test' }] },
    })
    const [route] = (await healthOf(open)).deployments
    expect(route).toMatchObject({ route: '/price_up', live: 'abcdef012345', previous: '0123456789ab' })
    expect(route!.events.map((e) => [e.release, e.kind, e.run])).toEqual([
      ['0123456789ab', 'live', '0001-test'],
      ['abcdef012345', 'live', '0002-test'],
    ])
  })

  it.each([
    [{ events: [] }],
    [{ events: [{ route: 'price_up', release: '0123456789ab', kind: 'live', run: 'x' }] }],
    [{ events: [{ route: '/price_up', release: 'nothex', kind: 'live', run: 'x' }] }],
    [{ events: [{ route: '/price_up', release: '0123456789ab', kind: 'gone', run: 'x' }] }],
  ])('a deploy event that is not one is a 400 and changes nothing (%j)', async (body) => {
    const res = await open.inject({ method: 'POST', url: '/ops/releases', payload: body })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toMatch(/[\u4e00-\u9fff]/)
    expect((await healthOf(open)).deployments).toEqual([])
  })
})

describe('A source past its storage budget, and a disk below its reserve', () => {
  const small = setupServer({ rateLimits: false, telemetrySourceBudgetBytes: 6_000 })

  it('the source gets 429 until tomorrow, others go on, and the refused reports are counted', async () => {
    await deployed(small, ['/recorded_share', 'a1b2c3d4e5f6'])
    const codes: number[] = []
    for (let i = 0; i < 20; i++) codes.push((await small.inject(beacon(report(), '198.51.100.20'))).statusCode)
    const kept = codes.filter((c) => c === 204).length
    expect(kept).toBeGreaterThan(5)
    expect(codes.slice(kept)).toEqual(new Array(20 - kept).fill(429))
    const refused = await small.inject(beacon(report(), '198.51.100.20'))
    expect(envelope(refused)).toMatchObject({ result: 'RATE_LIMITED' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400)
    expect((await small.inject(beacon(report(), '198.51.100.21'))).statusCode).toBe(204)
    const reply = await healthOf(small)
    expect(reply.releases[0]!.total.views).toBe(kept + 1)
    expect(reply.notCounted.overBudget).toBe(20 - kept + 1)
  })

  let free = 10 * 1024 ** 3
  const disk = setupServer({ rateLimits: false, diskSpace: () => ({ free, total: 20 * 1024 ** 3 }) })

  it('every report is refused (503) while the disk is below its reserve, and taken again once it is not', async () => {
    await deployed(disk, ['/recorded_share', 'a1b2c3d4e5f6'])
    expect((await disk.inject(beacon(report()))).statusCode).toBe(204)
    // The disk is read at most every 5 s: the first answers after it fills still take reports.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    free = 1024 ** 3
    expect((await disk.inject(beacon(report()))).statusCode).toBe(204)
    vi.setSystemTime(Date.now() + 5_000)
    expect((await disk.inject(beacon(report()))).statusCode).toBe(503)
    expect((await disk.inject(beacon(report()))).statusCode).toBe(503)
    const count = (await stored(disk)).length
    free = 10 * 1024 ** 3
    vi.setSystemTime(Date.now() + 5_000)
    expect((await disk.inject(beacon(report()))).statusCode).toBe(204)
    vi.useRealTimers()
    expect((await stored(disk)).length).toBe(count + 1)
    expect((await healthOf(disk)).notCounted.diskReserve).toBe(2)
  })
})

describe('TRUST_PROXY', () => {
  it('true is refused at start with the line saying what to set; a hop count or addresses are taken', () => {
    expect(() => trustProxyFromEnv('true')).toThrow(StartRefusal)
    expect(() => trustProxyFromEnv('true')).toThrow(/TRUST_PROXY=1/)
    expect(trustProxyFromEnv('1')).toBeTypeOf('function')
    expect(trustProxyFromEnv('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1')
    expect(trustProxyFromEnv(undefined)).toBe(false)
  })
})
