/**
 * Issue 38 item 2: the server collects field reports (`POST /v1/telemetry`, docs/telemetry.md) and
 * answers release health (`GET /ops/release-health`). A report comes as a beacon (`text/plain` JSON),
 * at most 16 KB, counted per client address, schema-checked; nothing of a refused one is kept, and no
 * address or user agent is kept of any.
 */
import type { InjectOptions } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import { TELEMETRY_MAX_BYTES, type TelemetryReport } from '../../common/telemetry/report'
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limit/rate-limits'
import { deleteReportsOlderThan } from '../../server/telemetry/reports-repository'
import { envelope, setupServer } from './helpers/test-app'

const PAGES = 'https://h5.example.com'
const server = setupServer({
  corsOrigins: [PAGES],
  rateLimits: { ...DEFAULT_RATE_LIMITS, telemetry: { max: 40, windowMs: 60_000 } },
})
afterEach(() => vi.unstubAllEnvs())

let views = 0
/** A valid report of a new view (or of `view`), with `changes` over it. */
function report(changes: Partial<TelemetryReport> = {}): TelemetryReport {
  return {
    v: 1,
    route: '/recorded_share',
    release: 'a1b2c3d4e5f6',
    client: 'wechat',
    os: 'android',
    appVersion: null,
    engine: 'blink',
    engineMajor: 120,
    sample: 1,
    view: `view${String(++views).padStart(6, '0')}`,
    seq: 0,
    final: true,
    nav: 'navigate',
    ready: 850,
    audioTried: false,
    vitals: { ttfb: 120, fcp: 400, lcp: 900, inp: 80, cls: 0.02 },
    problems: [],
    dropped: 0,
    ...changes,
  }
}

/** A beacon: `text/plain` as `navigator.sendBeacon` sends a string, from `address`. */
const beacon = (body: unknown, address = '203.0.113.5', headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/v1/telemetry',
  remoteAddress: address,
  headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
})

const stored = () => server.db.query<Record<string, unknown>>('SELECT * FROM telemetry_reports ORDER BY id')

describe('A field report', () => {
  it('sent as a beacon is kept (204), with the time it arrived and nothing of who sent it', async () => {
    const sent = report({ problems: [{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 502, count: 1, at: 300 }] })
    const res = await server.inject(beacon(sent, '203.0.113.5', { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' }))
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    const rows = await stored()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ route: '/recorded_share', release: 'a1b2c3d4e5f6', client: 'wechat', view: sent.view, has_error: true })
    expect(Date.now() - new Date(rows[0]!.received_at as string).getTime()).toBeLessThan(60_000)
    const text = JSON.stringify(rows)
    expect(text).not.toContain('203.0.113.5')
    expect(text).not.toContain('Mozilla')
  })

  it('may come as application/json too', async () => {
    const res = await server.inject({ ...beacon(report()), headers: { 'content-type': 'application/json' } })
    expect(res.statusCode).toBe(204)
    expect(await stored()).toHaveLength(1)
  })

  it('from an allowed page origin gets the CORS answer, with no preflight needed', async () => {
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
    ['that is no JSON', '{"v":1,'],
    ['that is JSON but no object', '[1,2,3]'],
  ]
  for (const [what, body] of BAD) {
    it(`${what} is a 400 and is not kept`, async () => {
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
    for (let i = 0; i < 40; i++) expect((await server.inject(beacon(report(), '198.51.100.9'))).statusCode).toBe(204)
    const refused = await server.inject(beacon(report(), '198.51.100.9'))
    expect(refused.statusCode).toBe(429)
    expect(envelope(refused)).toEqual({ result: 'RATE_LIMITED', data: null, msg: '操作太频繁，请稍后再试' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(await stored()).toHaveLength(40)
    expect((await server.inject(beacon(report(), '198.51.100.10'))).statusCode).toBe(204)
  })
})

describe('Release health', () => {
  const health = async (query = '', headers: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url: `/ops/release-health${query}`, headers })

  async function send(...reports: TelemetryReport[]) {
    for (const r of reports) expect((await server.inject(beacon(r))).statusCode).toBe(204)
  }

  it('counts each view once, by its report with the highest seq, per release and client', async () => {
    const stuck = report({ ready: null, seq: 0, final: false })
    await send(
      // A view that first reported a fatal error, then became ready: its last report counts.
      report({ view: 'viewaaaa01', seq: 0, final: false, ready: null, problems: [{ kind: 'error', message: 'boom', count: 1, at: 10 }] }),
      report({ view: 'viewaaaa01', seq: 1, ready: 1000, problems: [{ kind: 'error', message: 'boom', count: 1, at: 10 }] }),
      report({ view: 'viewaaaa02', ready: 2000, client: 'app', appVersion: '3.2.0' }),
      report({
        view: 'viewaaaa03',
        ready: 3000,
        audioTried: true,
        problems: [{ kind: 'audio', message: 'NotAllowedError', count: 2, at: 5 }],
      }),
      report({
        view: 'viewaaaa04',
        ready: 4000,
        problems: [{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 404, count: 1, at: 5 }],
      }),
      stuck,
      report({ release: 'ffffffffffff', view: 'viewbbbb01', ready: 500 }),
      report({ route: '/word_share', view: 'viewcccc01' }),
    )
    const res = await health()
    expect(res.statusCode).toBe(200)
    const { data } = envelope<HealthReply>(res)
    expect(data.releases.map((r) => [r.route, r.release])).toEqual([
      ['/recorded_share', 'ffffffffffff'],
      ['/recorded_share', 'a1b2c3d4e5f6'],
      ['/word_share', 'a1b2c3d4e5f6'],
    ])
    const release = data.releases[1]!
    expect(release.total).toMatchObject({ views: 5, errorViews: 1, neverReadyViews: 1, audioViews: 1, audioFailViews: 1 })
    // p75 of 1000, 2000, 3000, 4000 (the stuck view has none), as percentile_cont interpolates.
    expect(release.total.p75.ready).toBe(3250)
    expect(release.total.p75.lcp).toBe(900)
    expect(release.byClient.app).toMatchObject({ views: 1, errorViews: 0 })
    expect(release.byClient.wechat).toMatchObject({ views: 4, errorViews: 1, neverReadyViews: 1 })
    expect(release.topProblems).toEqual([
      { kind: 'api', message: '/v1/share/uar 404', views: 1 },
      { kind: 'audio', message: 'NotAllowedError', views: 1 },
      { kind: 'error', message: 'boom', views: 1 },
    ])
    expect(release.hourly).toHaveLength(1)
    expect(release.hourly[0]).toMatchObject({ views: 5, errorViews: 1, neverReadyViews: 1, readyP75: 3250 })
    expect(new Date(release.hourly[0]!.hour).getUTCMinutes()).toBe(0)
    expect(Date.parse(release.firstSeen)).toBeLessThanOrEqual(Date.parse(release.lastSeen))
    expect(Date.parse(data.until) - Date.parse(data.since)).toBeCloseTo(24 * 3600_000, -4)
  })

  it('answers one page with route, and only the window asked for', async () => {
    await send(report({ view: 'viewdddd01' }), report({ route: '/word_share', view: 'viewdddd02' }))
    await server.db.query(`UPDATE telemetry_reports SET received_at = now() - interval '3 hours' WHERE view = 'viewdddd01'`)
    const one = envelope<HealthReply>(await health('?route=/word_share')).data
    expect(one.releases.map((r) => r.route)).toEqual(['/word_share'])
    const recent = envelope<HealthReply>(await health('?since=2')).data
    expect(recent.releases.map((r) => r.route)).toEqual(['/word_share'])
  })

  it.each(['?since=0', '?since=721', '?since=abc', '?route=recorded_share', '?route=/a?b'])('refuses %s with a 400', async (query) => {
    expect((await health(query)).statusCode).toBe(400)
  })

  it('is open in the demo when no OPS_TOKEN is set, and 404 in production', async () => {
    expect((await health()).statusCode).toBe(200)
    vi.stubEnv('NODE_ENV', 'production')
    const res = await health()
    expect(res.statusCode).toBe(404)
    expect(envelope(res)).toMatchObject({ result: 'NOT_FOUND' })
  })
})

describe('Release health with OPS_TOKEN', () => {
  const guarded = setupServer({ opsToken: 'ops-secret-1234', rateLimits: false })
  const health = (headers: Record<string, string> = {}) => guarded.inject({ method: 'GET', url: '/ops/release-health', headers })

  it('needs the token, whatever else is sent', async () => {
    expect((await health()).statusCode).toBe(401)
    expect((await health({ authorization: 'Bearer demo-vip-token' })).statusCode).toBe(401)
    expect((await health({ authorization: 'Bearer ops-secret-12345' })).statusCode).toBe(401)
    expect((await health({ authorization: 'Bearer ops-secret-1234' })).statusCode).toBe(200)
  })
})

describe('Retention', () => {
  it('deletes the reports older than the period, and keeps the others', async () => {
    await server.inject(beacon(report({ view: 'viewold001' })))
    await server.inject(beacon(report({ view: 'viewnew001' })))
    await server.db.query(`UPDATE telemetry_reports SET received_at = now() - interval '31 days' WHERE view = 'viewold001'`)
    expect(await deleteReportsOlderThan(server.db, 30)).toBe(1)
    expect((await stored()).map((r) => r.view)).toEqual(['viewnew001'])
  })
})
