/**
 * Field reports on a real PostgreSQL, two instances at once (issue 46 item 1): the beacons of the same views
 * reach both instances together, in any order, and each view still counts once, by its highest seq; the
 * health reply (read on its own thread and connection) equals a count made afresh from the raw reports.
 * Runs on a database of its own on TEST_DATABASE_URL's server, which `npm test` starts
 * (helpers/test-database.ts): pg-db.test.ts, on TEST_DATABASE_URL's database, empties its tables before each
 * test and may run at the same time (in one run it did, and this file counted 292 of its 584 raw reports). By hand:
 *   npm run with-postgres -- "npx vitest run tests/server/pg-telemetry.test.ts"
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import type { HealthReply } from '../../common/telemetry/health'
import type { TelemetryReport } from '../../common/telemetry/report'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { resetTables } from '../../server/seed/seed'
import { isErrorProblem } from '../../server/telemetry/stored-report'
import { seededRandom } from '../delivery/helpers/seeded-random'
import { createDatabase, dropDatabase } from '../../bench/load/create-database'
import { envelope } from './helpers/test-app'
import { noTestDatabase, testDatabaseUrl as url } from './helpers/test-database'

describe('field reports on PostgreSQL, two instances', skipBecause(noTestDatabase), () => {
  let dbs: Db[]
  let apps: FastifyInstance[]
  let dataDir: string
  let databaseUrl: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kids-english-pg-telemetry-'))
    databaseUrl = await createDatabase(url!, `kids_pg_telemetry_${process.pid}`)
    dbs = [await openDb({ databaseUrl }), await openDb({ databaseUrl })]
    await resetTables(dbs[0]!)
    apps = await Promise.all(dbs.map((db) => buildApp({ db, dataDir, rateLimits: false })))
    await Promise.all(apps.map((app) => app.ready()))
  })
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.close()))
    await Promise.all((dbs ?? []).map((db) => db.close()))
    if (databaseUrl) await dropDatabase(databaseUrl)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('counts each view once, whichever instance its beacons reach and in whatever order', async () => {
    const registered = await apps[0]!.inject({
      method: 'POST',
      url: '/ops/releases',
      payload: { events: [{ route: '/word_share', release: 'abcdef123456', kind: 'live', run: '0001-pg' }] },
    })
    expect(registered.statusCode).toBe(200)
    const random = seededRandom(46)
    const beacons: TelemetryReport[] = []
    for (let v = 0; v < 150; v++) {
      const view = `pgview${String(v).padStart(5, '0')}`
      for (let seq = 0; seq < 1 + Math.floor(random() * 3); seq++)
        beacons.push({
          v: 1,
          route: '/word_share',
          release: 'abcdef123456',
          client: 'app',
          os: 'ios',
          appVersion: '3.4.0',
          engine: 'webkit',
          engineMajor: 17,
          sample: 1,
          view,
          seq,
          final: true,
          nav: 'navigate',
          ready: random() < 0.2 ? null : Math.round(300 + random() * 3000),
          audioTried: false,
          vitals: { ttfb: 100, fcp: 300, lcp: null, inp: null, cls: 0 },
          problems: random() < 0.3 ? [{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 502, count: 1, at: 10 }] : [],
          dropped: 0,
        })
    }
    for (let i = beacons.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[beacons[i], beacons[j]] = [beacons[j]!, beacons[i]!]
    }
    // Every beacon to both instances at once (a client's retry through another balancer), all in flight together.
    const replies = await Promise.all(
      beacons.flatMap((beacon, i) =>
        apps.map((app, k) =>
          app.inject({
            method: 'POST',
            url: '/v1/telemetry',
            remoteAddress: `198.51.100.${(i + k) % 50}`,
            headers: { 'content-type': 'text/plain' },
            payload: JSON.stringify(beacon),
          }),
        ),
      ),
    )
    expect(replies.every((r) => r.statusCode === 204)).toBe(true)

    const latest = new Map<string, TelemetryReport>()
    for (const b of beacons) if ((latest.get(b.view)?.seq ?? -1) < b.seq) latest.set(b.view, b)
    const mine = [...latest.values()]
    const health = envelope<HealthReply>(await apps[1]!.inject({ method: 'GET', url: '/ops/release-health' })).data
    expect(health.releases).toHaveLength(1)
    expect(health.releases[0]!.total).toMatchObject({
      views: mine.length,
      errorViews: mine.filter((r) => r.problems.some(isErrorProblem)).length,
      neverReadyViews: mine.filter((r) => r.ready === null).length,
    })
    const [raw] = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_reports')
    expect(raw!.n).toBe(beacons.length * 2)
  }, 120_000)

  it('counts a canary release and judges its canary views from a minute, whichever instance they reach, read on the health thread', async () => {
    // Told on both: an instance trusts what it read of the registry for 5 s (server/telemetry/releases.ts); the same event twice is one.
    for (const app of apps) {
      const registered = await app.inject({
        method: 'POST',
        url: '/ops/releases',
        payload: { events: [{ route: '/word_share', release: 'cccccccccccc', kind: 'canary', run: '0002-pg' }] },
      })
      expect(registered.statusCode).toBe(200)
    }
    const from = new Date(Date.now() - 60_000).toISOString()
    // 40 canary views from 20 addresses (two each), every beacon to both instances at once; one view of each of the first 8 with an error.
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, v) => {
        const beacon: TelemetryReport = {
          v: 1,
          route: '/word_share',
          release: 'cccccccccccc',
          client: 'app',
          os: 'android',
          appVersion: '3.4.0',
          engine: 'blink',
          engineMajor: 126,
          cohort: 'canary',
          via: v % 4 === 0 ? 'network' : 'package',
          sample: 1,
          view: `pgcanary${String(v).padStart(4, '0')}`,
          seq: 0,
          final: true,
          nav: 'navigate',
          ready: 900,
          audioTried: false,
          vitals: { ttfb: 100, fcp: 300, lcp: 900, inp: null, cls: 0 },
          problems: v < 8 ? [{ kind: 'error', message: 'boom', count: 1, at: 10 }] : [],
          dropped: 0,
        }
        return apps.map((app) =>
          app.inject({
            method: 'POST',
            url: '/v1/telemetry',
            remoteAddress: `203.0.113.${v % 20}`,
            headers: { 'content-type': 'text/plain' },
            payload: JSON.stringify(beacon),
          }),
        )
      }).flat(),
    )
    expect(replies.every((r) => r.statusCode === 204)).toBe(true)
    const res = await apps[1]!.inject({ method: 'GET', url: `/ops/release-health?since=1&route=/word_share&from=${from}` })
    expect(res.statusCode, res.body).toBe(200)
    const health = envelope<HealthReply>(res).data
    expect(health.notCounted.unknownRelease).toBe(0)
    expect(health.deployments).toEqual([expect.objectContaining({ live: 'abcdef123456', canary: 'cccccccccccc' })])
    const canary = health.releases.find((r) => r.release === 'cccccccccccc')!
    expect(canary.byCohort).toEqual([{ key: 'canary', views: 40, errorViews: 8, neverReadyViews: 0 }])
    expect(canary.byVia).toEqual([
      { key: 'package', views: 30, errorViews: 6, neverReadyViews: 0 },
      { key: 'network', views: 10, errorViews: 2, neverReadyViews: 0 },
    ])
    expect(canary.byCohortJudged).toMatchObject({
      from: `${from.slice(0, 16)}:00.000Z`,
      stable: null,
      canary: { error: { views: 40, bad: 8 } },
    })
    // The stable release's views said no cohort: none to compare in the window.
    expect(health.releases.find((r) => r.release === 'abcdef123456')!.byCohortJudged).toMatchObject({ stable: null, canary: null })
  }, 120_000)
})
