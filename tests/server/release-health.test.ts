/**
 * Issue 46 item 1: release health is read from rollups kept as reports arrive. The reply counts each view
 * once, by its report with the highest seq, however its reports come (in order, twice, out of order, in
 * one batch or many); the rollups equal a count made afresh from the raw reports; raw reports live in
 * partitions by day, which retention drops whole.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import { BUCKETS_OF, bucketOf, MS_BUCKETS, quantileOf } from '../../common/telemetry/histogram'
import type { Problem, TelemetryReport } from '../../common/telemetry/report'
import { MIGRATIONS_DIR } from '../../server/paths'
import { backfillOldReports } from '../../server/telemetry/backfill'
import { maintainTelemetry, partitionName, partitions } from '../../server/telemetry/partitions'
import { problemGroup } from '../../server/telemetry/contribution'
import { isErrorProblem } from '../../server/telemetry/stored-report'
import { seededRandom } from '../delivery/helpers/seeded-random'
import { deployed, report, sent } from './helpers/field-reports'
import { envelope, setupServer } from './helpers/test-app'

const server = setupServer({ rateLimits: false })
const RELEASES = [
  ['/recorded_share', 'a1b2c3d4e5f6'],
  ['/recorded_share', 'ffffffffffff'],
  ['/word_share', 'a1b2c3d4e5f6'],
] as const

const deployAll = () => deployed(server, ...RELEASES)

const send = (r: TelemetryReport, address?: string) => sent(server, r, address)
const health = async (query = '') => envelope<HealthReply>(await server.inject({ method: 'GET', url: `/ops/release-health${query}` })).data

describe('Release health', () => {
  it('counts each view once, by its report with the highest seq, per release and client, with its splits and problem groups', async () => {
    await deployAll()
    const boom: Problem = {
      kind: 'error',
      message: 'boom at start',
      frame: '/assets/share-Ab12Cd34.js:1:200',
      file: '/assets/share-Ab12Cd34.js',
      count: 1,
      at: 10,
    }
    await send(report({ view: 'viewaaaa01', seq: 0, final: false, ready: null, problems: [boom] }))
    await send(report({ view: 'viewaaaa01', seq: 1, ready: 1000, problems: [boom] }))
    // The same report again (a beacon retried) and an older one after a newer one change nothing.
    await send(report({ view: 'viewaaaa01', seq: 1, ready: 1000, problems: [boom] }))
    await send(report({ view: 'viewaaaa01', seq: 0, final: false, ready: null, problems: [boom] }))
    await send(
      report({ view: 'viewaaaa02', ready: 2000, client: 'app', appVersion: '3.2.0', os: 'ios', engine: 'webkit', engineMajor: 17 }),
    )
    await send(
      report({
        view: 'viewaaaa03',
        ready: 3000,
        audioTried: true,
        problems: [{ kind: 'audio', message: 'NotAllowedError', count: 2, at: 5 }],
      }),
    )
    await send(
      report({
        view: 'viewaaaa04',
        ready: 4000,
        problems: [{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 404, count: 1, at: 5 }],
      }),
    )
    // The same place, another message: one group.
    await send(report({ view: 'viewaaaa05', ready: null, problems: [{ ...boom, message: 'boom again' }] }))
    await send(report({ release: 'ffffffffffff', view: 'viewbbbb01', ready: 500 }))
    await send(report({ route: '/word_share', view: 'viewcccc01' }))
    const data = await health()
    expect(data.releases.map((r) => [r.route, r.release])).toEqual([
      ['/recorded_share', 'ffffffffffff'],
      ['/recorded_share', 'a1b2c3d4e5f6'],
      ['/word_share', 'a1b2c3d4e5f6'],
    ])
    const release = data.releases[1]!
    expect(release.total).toMatchObject({ views: 5, errorViews: 2, neverReadyViews: 1, audioViews: 1, audioFailViews: 1, headViews: 0 })
    // p75 of 1000, 2000, 3000, 4000 (the stuck view has none) is 3250; the histogram reads it within half a bucket.
    expect(release.total.p75.ready! / 3250).toBeGreaterThan(1 / Math.sqrt(MS_BUCKETS.ratio))
    expect(release.total.p75.ready! / 3250).toBeLessThan(Math.sqrt(MS_BUCKETS.ratio))
    expect(release.byClient.app).toMatchObject({ views: 1, errorViews: 0 })
    expect(release.byClient.wechat).toMatchObject({ views: 4, errorViews: 2, neverReadyViews: 1 })
    expect(release.byOs).toEqual([
      { key: 'android', views: 4, errorViews: 2, neverReadyViews: 1 },
      { key: 'ios', views: 1, errorViews: 0, neverReadyViews: 0 },
    ])
    expect(release.byEngine.map((s) => [s.key, s.views])).toEqual([
      ['blink 120', 4],
      ['webkit 17', 1],
    ])
    expect(release.byAppVersion.map((s) => [s.key, s.views])).toEqual([
      ['none', 4],
      ['3.2.0', 1],
    ])
    expect(release.topProblems.map((p) => [p.kind, p.frame ?? p.endpoint ?? p.message, p.views])).toEqual([
      ['error', boom.frame, 2],
      ['api', '/v1/share/uar', 1],
      ['audio', 'NotAllowedError', 1],
    ])
    expect(release.topProblems[0]!.message).toBe('boom again')
    expect(release.topProblems[1]).toMatchObject({ endpoint: '/v1/share/uar', status: 404 })
    // A recent window: per minute.
    expect(data.step).toBe('hour')
    const recent = await health('?since=2')
    expect(recent.step).toBe('minute')
    const series = recent.releases.find((r) => r.release === 'a1b2c3d4e5f6' && r.route === '/recorded_share')!.series
    expect(series.reduce((n, p) => n + p.views, 0)).toBe(5)
    expect(new Date(series[0]!.at).getUTCSeconds()).toBe(0)
    // One address: one source, whose views the rule cannot count on (common/telemetry/robust.ts: a few sources decide nothing alone).
    expect(release.judged).toMatchObject({ sources: 1, error: { views: 0, bad: 0 }, neverReady: { views: 0, bad: 0 } })
    expect(release.judged!.error.setAside).toEqual([expect.objectContaining({ views: 5, bad: 2 })])
    expect(Date.parse(release.firstSeen)).toBeLessThanOrEqual(Date.parse(release.lastSeen))
  })

  it('answers one page with route, and only the window asked for', async () => {
    await deployAll()
    await send(report({ view: 'viewdddd01' }))
    await send(report({ route: '/word_share', view: 'viewdddd02' }))
    await server.db.query(`UPDATE telemetry_hours SET hour = hour - interval '3 hours' WHERE route = '/recorded_share'`)
    const one = await health('?route=/word_share')
    expect(one.releases.map((r) => r.route)).toEqual(['/word_share'])
    const recent = await health('?since=2')
    expect(recent.releases.map((r) => r.route)).toEqual(['/word_share'])
  })

  it.each(['?since=0', '?since=721', '?since=abc', '?route=recorded_share', '?route=/a?b'])('refuses %s with a 400', async (query) => {
    expect((await server.inject({ method: 'GET', url: `/ops/release-health${query}` })).statusCode).toBe(400)
  })

  it('keeps rollups equal to a count made afresh from the raw reports, whatever order the reports come in', async () => {
    await deployAll()
    const random = seededRandom(45)
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
    const reports: TelemetryReport[] = []
    for (let v = 0; v < 60; v++) {
      const [route, release] = pick(RELEASES)
      const base = report({
        route,
        release,
        client: pick(['app', 'wechat', 'browser'] as const),
        engine: pick(['webkit', 'blink'] as const),
      })
      const beacons = 1 + Math.floor(random() * 3)
      for (let seq = 0; seq < beacons; seq++) {
        const problems: Problem[] =
          random() < 0.3
            ? [
                {
                  kind: pick(['error', 'image', 'api'] as const),
                  message: 'm',
                  file: `/f${Math.floor(random() * 3)}`,
                  status: 500,
                  count: 1,
                  at: 1,
                },
              ]
            : []
        reports.push({
          ...base,
          seq,
          ready: random() < 0.2 ? null : Math.round(100 + random() * 5000),
          problems,
          vitals: { ...base.vitals, lcp: Math.round(200 + random() * 8000) },
        })
      }
    }
    // Shuffled, from a few addresses, at once (several batches run as they come).
    for (let i = reports.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[reports[i], reports[j]] = [reports[j]!, reports[i]!]
    }
    await Promise.all(reports.map((r, i) => send(r, `203.0.113.${i % 7}`)))

    const latest = new Map<string, TelemetryReport>()
    for (const r of reports) if ((latest.get(r.view)?.seq ?? -1) < r.seq) latest.set(r.view, r)
    const data = await health()
    for (const [route, release] of RELEASES) {
      const mine = [...latest.values()].filter((r) => r.route === route && r.release === release)
      const got = data.releases.find((r) => r.route === route && r.release === release)
      if (mine.length === 0) {
        expect(got).toBeUndefined()
        continue
      }
      expect(got!.total).toMatchObject({
        views: mine.length,
        errorViews: mine.filter((r) => r.problems.some(isErrorProblem)).length,
        neverReadyViews: mine.filter((r) => r.ready === null).length,
      })
      const readies = mine.flatMap((r) => (r.ready === null ? [] : [bucketOf(r.ready, MS_BUCKETS)]))
      const histogram = new Array(MS_BUCKETS.count).fill(0) as number[]
      for (const b of readies) histogram[b]!++
      expect(got!.total.p75.ready).toBe(readies.length ? Math.round(quantileOf(histogram, 0.75, BUCKETS_OF.ready)!) : null)
      // What the rule reads, by source: the same views, errors and ready times.
      const [bySource] = await server.db.query<{ views: number; errors: number; ready: number[] }>(
        `SELECT sum(views)::int AS views, sum(error_views)::int AS errors,
           (SELECT array_agg(n ORDER BY i) FROM (SELECT i, sum(x)::int AS n FROM telemetry_sources s2, unnest(s2.ready) WITH ORDINALITY u(x, i)
             WHERE s2.route = $1 AND s2.release = $2 GROUP BY i) t) AS ready
         FROM telemetry_sources WHERE route = $1 AND release = $2`,
        [route, release],
      )
      expect(bySource).toEqual({ views: mine.length, errors: got!.total.errorViews, ready: histogram })
      const groups = new Map<string, number>()
      for (const r of mine)
        for (const g of new Set(r.problems.map((p) => `${p.kind} ${problemGroup(p)}`))) groups.set(g, (groups.get(g) ?? 0) + 1)
      expect(Object.fromEntries(got!.topProblems.map((p) => [`${p.kind} ${p.file}`, p.views]))).toEqual(Object.fromEntries(groups))
      for (const client of ['app', 'wechat', 'browser'] as const) {
        expect(got!.byClient[client]?.views ?? 0).toBe(mine.filter((r) => r.client === client).length)
      }
    }
    // The raw table keeps every beacon.
    const [raw] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_reports')
    expect(raw!.n).toBe(reports.length)
  }, 60_000)

  it('reads one question asked twice at once once, and reads it anew once answered', async () => {
    await deployAll()
    await send(report())
    const [a, b] = await Promise.all([health('?since=3'), health('?since=3')])
    expect(a.until).toBe(b.until)
    await send(report())
    expect((await health('?since=3')).releases[0]!.total.views).toBe(2)
  })

  it('reads only the rollups, never the raw reports', async () => {
    const { HOURS_SQL } = await import('../../server/telemetry/health-query')
    expect(HOURS_SQL).not.toMatch(/telemetry_reports/)
  })
})

describe('Raw reports by day', () => {
  it('retention drops the partitions wholly past it and the rollups behind it; the next days have theirs ahead', async () => {
    await deployAll()
    await send(report())
    const now = new Date()
    const old = new Date(now.getTime() - 40 * 86_400_000)
    await maintainTelemetry(server.db, 30, old)
    expect((await partitions(server.db)).map((p) => p.name)).toContain(partitionName(old))
    await server.db.query(`UPDATE telemetry_hours SET hour = $1`, [old])
    await server.db.query(`UPDATE telemetry_days SET day = $1`, [old])
    const result = await maintainTelemetry(server.db, 30, now)
    expect(result.droppedPartitions).toContain(partitionName(old))
    const names = (await partitions(server.db)).map((p) => p.name)
    expect(names).not.toContain(partitionName(old))
    for (const ahead of [0, 1, 2]) expect(names).toContain(partitionName(new Date(now.getTime() + ahead * 86_400_000)))
    expect((await health()).releases).toEqual([])
    const [raw] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_reports')
    expect(raw!.n).toBe(1)
  })

  it('a report whose day has no partition yet gets one', async () => {
    await deployAll()
    await server.db.exec(`DROP TABLE IF EXISTS ${partitionName(new Date())}`)
    await send(report())
    expect((await partitions(server.db)).map((p) => p.name)).toContain(partitionName(new Date()))
    expect((await health()).releases[0]!.total.views).toBe(1)
  })
})

describe('The reports of before migration 009', () => {
  it('go through the storage path once, each view counted once, and their table is dropped', async () => {
    await deployAll()
    const old = readFileSync(join(MIGRATIONS_DIR, '008_telemetry.sql'), 'utf8').replace(/telemetry_reports/g, 'telemetry_reports_v1')
    await server.db.exec(old)
    await server.db.exec(`
      INSERT INTO telemetry_reports_v1 (received_at, route, release, client, os, engine, sample, view, seq, final, nav,
        ready, audio_tried, has_error, has_audio_failure, problems, dropped)
      VALUES (now() - interval '2 hours', '/word_share', 'a1b2c3d4e5f6', 'app', 'ios', 'webkit', 1, 'oldview001', 0, false, 'navigate', null, false, true, false,
          '[{"kind":"error","message":"boom","count":1,"at":5}]', 0),
        (now() - interval '2 hours', '/word_share', 'a1b2c3d4e5f6', 'app', 'ios', 'webkit', 1, 'oldview001', 1, true, 'navigate', 900, false, true, false,
          '[{"kind":"error","message":"boom","count":1,"at":5}]', 0),
        (now() - interval '3 hours', '/word_share', 'a1b2c3d4e5f6', 'wechat', 'android', 'blink', 1, 'oldview002', 0, true, 'navigate', 1200, false, false, false, '[]', 0)`)
    expect(await backfillOldReports(server.db)).toBe(3)
    expect(await backfillOldReports(server.db)).toBe(0)
    const [gone] = await server.db.query<{ found: boolean }>(`SELECT to_regclass('telemetry_reports_v1') IS NOT NULL AS found`)
    expect(gone!.found).toBe(false)
    const release = (await health()).releases.find((r) => r.route === '/word_share')!
    expect(release.total).toMatchObject({ views: 2, errorViews: 1, neverReadyViews: 0 })
    expect(release.topProblems).toEqual([expect.objectContaining({ kind: 'error', message: 'boom', views: 1 })])
  })
})
