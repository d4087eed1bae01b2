/**
 * Issue 47 items 4 and 5: release health for staged rollouts. A deploy's `canary` event makes its release
 * counted and judged while the route's stable release stays live; `aborted` takes the canary away and a
 * `live` of it promotes it. The reply splits views by cohort and source, and with `from` gives what the rule
 * reads of each cohort's app views since that minute (migration 011), read from the rollups.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import type { TelemetryReport } from '../../common/telemetry/report'
import { COHORT_SOURCES_SQL } from '../../server/telemetry/health-query'
import { FROM_MSG } from '../../server/telemetry/ops-routes'
import { report, sent, told } from './helpers/field-reports'
import { envelope, setupServer } from './helpers/test-app'

// No build served: the demo would register its releases as live, and this file's events would not be the only ones.
const server = setupServer({ rateLimits: false, distDir: join(tmpdir(), 'kids-no-build') })
const ROUTE = '/recorded_share'
const STABLE = 'a1b2c3d4e5f6'
const CANARY = 'cccccccccccc'

const tell = (...events: [release: string, kind: string][]) => told(server, ROUTE, ...events)
const send = (r: TelemetryReport, address?: string) => sent(server, r, address)
const health = async (query = '') => {
  const res = await server.inject({ method: 'GET', url: `/ops/release-health${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return envelope<HealthReply>(res).data
}
const app = (changes: Partial<TelemetryReport>): TelemetryReport =>
  report({ client: 'app', os: 'ios', engine: 'webkit', engineMajor: 17, appVersion: '3.4.0', ...changes })
const boom = { kind: 'error' as const, message: 'boom', count: 1, at: 5 }
/** Ten app views from each of `sources` addresses, `bad` of every ten with an error (sent at once: a few batches). */
async function views(changes: Partial<TelemetryReport>, sources: number, bad = 0) {
  const sends: Promise<void>[] = []
  for (let s = 0; s < sources; s++)
    for (let i = 0; i < 10; i++) sends.push(send(app({ ...changes, problems: i < bad ? [boom] : [] }), `198.51.100.${s + 1}`))
  await Promise.all(sends)
}

describe('a canary in release health', () => {
  it('counts and judges the canary release while the stable one stays live; aborted takes it away, live promotes it', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    await send(app({ release: CANARY, cohort: 'canary', via: 'package' }))
    let data = await health(`?route=${ROUTE}`)
    expect(data.notCounted.unknownRelease).toBe(0)
    expect(data.deployments).toEqual([expect.objectContaining({ route: ROUTE, live: STABLE, previous: null, canary: CANARY })])
    expect(data.deployments[0]!.events.map((e) => e.kind)).toEqual(['live', 'canary'])
    const canary = data.releases.find((r) => r.release === CANARY)!
    expect(canary.total.views).toBe(1)
    expect(canary.judged).toMatchObject({ sources: 1 })

    await tell([CANARY, 'aborted'])
    data = await health(`?route=${ROUTE}`)
    expect(data.deployments[0]).toMatchObject({ live: STABLE, canary: null })
    // Its views stay counted: they were real views of a deployed release.
    expect(data.releases.find((r) => r.release === CANARY)!.total.views).toBe(1)

    await tell([CANARY, 'canary'], [CANARY, 'live'])
    data = await health(`?route=${ROUTE}`)
    expect(data.deployments[0]).toMatchObject({ live: CANARY, previous: STABLE, canary: null })
  })

  it('refuses an event of a kind it does not know', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/ops/releases',
      payload: { events: [{ route: ROUTE, release: CANARY, kind: 'promoted', run: '0001-test' }] },
    })
    expect(res.statusCode).toBe(400)
  })

  it('splits every release by cohort and by source, none where the view said neither', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    await send(app({ cohort: 'stable', via: 'package' }))
    await send(app({ cohort: 'stable', via: 'network', problems: [boom] }))
    await send(app({ cohort: 'stable', via: 'package', ready: null }))
    await send(report({}))
    const stable = (await health()).releases.find((r) => r.release === STABLE)!
    expect(stable.byCohort).toEqual([
      { key: 'stable', views: 3, errorViews: 1, neverReadyViews: 1 },
      { key: 'none', views: 1, errorViews: 0, neverReadyViews: 0 },
    ])
    expect(stable.byVia).toEqual([
      { key: 'package', views: 2, errorViews: 0, neverReadyViews: 1 },
      { key: 'network', views: 1, errorViews: 1, neverReadyViews: 0 },
      { key: 'none', views: 1, errorViews: 0, neverReadyViews: 0 },
    ])
    // The other splits are as before.
    expect(stable.byOs.map((s) => [s.key, s.views])).toEqual([
      ['ios', 3],
      ['android', 1],
    ])
  })

  it('with from, judges each cohort of the app views since that minute, by source, and nothing else', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    // Before the window: stable views with errors, moved ten minutes back.
    await views({ release: STABLE, cohort: 'stable' }, 5, 10)
    await server.db.query(`UPDATE telemetry_cohort_sources SET at = at - interval '10 minutes'`)
    // In it: stable 12 addresses × 10 views with 1 error each; canary 12 × 10 with 3 each (views of five sources or
    // fewer count for nothing: common/telemetry/robust.ts); and views that must not count.
    await views({ release: STABLE, cohort: 'stable' }, 12, 1)
    await views({ release: CANARY, cohort: 'canary' }, 12, 3)
    await send(report({ release: CANARY, client: 'browser', cohort: 'canary' }))
    await send(app({ release: CANARY, cohort: null }))
    await send(app({ release: STABLE, cohort: 'canary', problems: [boom] }))
    const from = new Date(Date.now() - 5 * 60_000).toISOString()
    const data = await health(`?since=1&route=${ROUTE}&from=${from}`)
    expect(data.cohortsFrom).toBe(`${from.slice(0, 16)}:00.000Z`)
    const stable = data.releases.find((r) => r.release === STABLE)!.byCohortJudged!
    expect(stable.from).toBe(data.cohortsFrom)
    // Twelve addresses in 256 keyed buckets: two may share one.
    expect(stable.stable!.sources).toBeGreaterThanOrEqual(10)
    expect(stable.stable).toMatchObject({ error: { views: 120, bad: 12 } })
    expect(stable.canary).toMatchObject({ sources: 1 })
    const canary = data.releases.find((r) => r.release === CANARY)!.byCohortJudged!
    expect(canary.canary).toMatchObject({ error: { views: 120, bad: 36 } })
    expect(canary.stable).toBeNull()
    // The whole release, without from: every view, and no cohort figures.
    const whole = await health(`?since=1&route=${ROUTE}`)
    expect(whole.cohortsFrom).toBeNull()
    expect(whole.releases.find((r) => r.release === STABLE)).toMatchObject({ byCohortJudged: null, total: { views: 171 } })
  })

  it('reads the cohorts from their rollup, never the raw reports', () => {
    expect(COHORT_SOURCES_SQL).toMatch(/FROM telemetry_cohort_sources/)
    expect(COHORT_SOURCES_SQL).not.toMatch(/telemetry_reports/)
  })

  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z')
  it.each([
    ['older than the cohorts are kept', `?from=${hoursAgo(49)}`, FROM_MSG],
    ['ahead of now', `?from=${hoursAgo(-1)}`, FROM_MSG],
    ['not a day', '?from=2026-02-31T10:00:00Z', FROM_MSG],
    ['not in UTC', '?from=2026-12-02T10:00:00%2B08:00', null],
    ['not a time', '?from=yesterday', null],
  ])('refuses a from %s with a 400 in Chinese', async (_why, query, msg) => {
    const res = await server.inject({ method: 'GET', url: `/ops/release-health${query}` })
    expect(res.statusCode).toBe(400)
    const body = envelope(res)
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/)
    if (msg) expect(body.msg).toBe(msg)
  })
})
