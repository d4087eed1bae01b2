/**
 * The canary watch (issue 47 item 6) against the reference server: app views are posted to it look by look
 * (the watch's clock posts the next minute's views as it waits, and takes no time), and it answers
 * `/ops/release-health?from=` from its rollups. The canary's canary views are compared with stable's stable
 * views of the same minutes; a worse canary is aborted at the look that judges it, a healthy one and one with
 * too few views are kept (said), stable's own bad views and a forger's few addresses abort nothing.
 */
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TelemetryReport } from '../../common/telemetry/report'
import type { RouteEntry } from '../../scripts/delivery/manifest'
import { watchCanary } from '../../scripts/delivery/run/watch-canary'
import { report, sent, told } from '../server/helpers/field-reports'
import { seededRandom } from './helpers/seeded-random'
import { setupServer } from '../server/helpers/test-app'

const server = setupServer({ rateLimits: false })
let api: string
beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  api = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await server.app.close()
})

const ROUTE = '/recorded_share'
const STABLE = 'a1b2c3d4e5f6'
const CANARY = 'cccccccccccc'
const entry = { path: ROUTE, name: 'recorded_share', release: CANARY } as unknown as RouteEntry
const boom = { kind: 'error' as const, message: 'boom', count: 1, at: 5 }

const tell = (...events: [release: string, kind: string][]) => told(server, ROUTE, ...events)

/** One app view of `release` in `cohort` from `address`, with an error when `bad`. */
async function view(release: string, cohort: 'stable' | 'canary', address: string, bad: boolean) {
  const r: TelemetryReport = report({
    release,
    cohort,
    via: 'package',
    client: 'app',
    os: 'ios',
    engine: 'webkit',
    engineMajor: 17,
    appVersion: '3.4.0',
    problems: bad ? [boom] : [],
  })
  await sent(server, r, address)
}

/** A minute of views: `perSource` views from each of `sources` (20) honest addresses, a share `errorRate` of them with an error (spread evenly). */
interface Minute {
  stable: { perSource: number; errorRate: number }
  canary: { perSource: number; errorRate: number; sources?: number }
  /** Extra canary views from three addresses, all with an error. */
  forged?: number
}

const random = seededRandom(47)

async function post(minute: Minute, n: number) {
  const sends: Promise<void>[] = []
  for (const [cohort, release] of [
    ['stable', STABLE],
    ['canary', CANARY],
  ] as const) {
    const { perSource, errorRate } = minute[cohort]
    const sources = cohort === 'canary' ? (minute.canary.sources ?? 20) : 20
    // The minute's views in a random order (seeded), view k of them bad when the running count of errors
    // crosses a whole number: the rate exact, the bad views spread over the addresses as chance spreads them.
    const slots = Array.from({ length: sources * perSource }, (_, j) => j % sources)
    for (let j = slots.length - 1; j > 0; j--) {
      const r = Math.floor(random() * (j + 1))
      ;[slots[j], slots[r]] = [slots[r]!, slots[j]!]
    }
    slots.forEach((s, j) => {
      const k = n * slots.length + j
      const bad = Math.floor((k + 1) * errorRate) > Math.floor(k * errorRate)
      sends.push(view(release, cohort, `198.51.100.${s + 1}`, bad))
    })
  }
  for (let i = 0; i < (minute.forged ?? 0); i++) sends.push(view(CANARY, 'canary', `203.0.113.${(i % 3) + 1}`, true))
  await Promise.all(sends)
}

/** Runs a 5-minute watch looking every minute (6 looks), the views of `minutes[n]` posted before look n + 2. */
async function watchWith(minutes: Minute[]) {
  const notices: string[] = []
  const aborts: { routes: string[]; why: string; look: number }[] = []
  let now = Date.now()
  let look = 1
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      const minute = minutes[look - 1]
      if (minute) await post(minute, look - 1)
      now += ms
      look++
    },
  }
  const report = await watchCanary(
    { clock, notice: (line) => notices.push(line) },
    { canaries: [{ route: entry, stable: STABLE, canary: CANARY }], startedAt: Date.now() },
    { health: api, forMs: 5 * 60_000, everyMs: 60_000 },
    async (routes, why) => {
      aborts.push({ routes, why, look })
    },
  )
  return { report, notices, aborts, decision: report.decisions[0]! }
}

const minutes = (n: number, minute: Minute) => Array.from({ length: n }, () => minute)

describe('watchCanary against the reference server', () => {
  it('aborts a worse canary at the look that judges it, compared with stable in the same minutes only', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    // Before the canary: stable had a bad hour (40 % errors), kept as minutes half an hour back. Compared with
    // that, a canary at 20 % would look better; in the same window stable is at 2 %.
    await post({ stable: { perSource: 5, errorRate: 0.4 }, canary: { perSource: 0, errorRate: 0 } }, 0)
    await server.db.query(`UPDATE telemetry_cohort_sources SET at = at - interval '30 minutes'`)
    const { report, decision, aborts, notices } = await watchWith(
      minutes(5, { stable: { perSource: 5, errorRate: 0.02 }, canary: { perSource: 2, errorRate: 0.2 } }),
    )
    // Look 1: no view; look 2: 40 canary views, under the 50 a verdict needs; look 3: 80, worse.
    expect(aborts).toEqual([
      { routes: [ROUTE], why: expect.stringMatching(/^worse than stable in the same window: canary watch from /), look: 3 },
    ])
    expect(decision).toMatchObject({ route: ROUTE, release: CANARY, previous: STABLE, outcome: 'aborted' })
    expect(decision.why).toMatch(/^error rate 20\.0 % \(16 of 80\) against 2\.0 % \(4 of 200\) on stable: one-sided Fisher/)
    expect(report.canary).toMatchObject({ aborted: [{ routes: [ROUTE], error: null }] })
    expect(report.looks).toBe(6)
    // Over at the look that aborted its only canary: two minutes in, not a minute later.
    expect(report.seconds).toBe(120)
    expect(notices.some((n) => n.startsWith(`canary watch: ${ROUTE} ${CANARY}: aborted: error rate 20.0 %`))).toBe(true)
  }, 60_000)

  it('keeps a healthy canary at the end, no worse than stable', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    const { decision, aborts, report } = await watchWith(
      minutes(5, { stable: { perSource: 5, errorRate: 0.03 }, canary: { perSource: 2, errorRate: 0.03 } }),
    )
    expect(aborts).toEqual([])
    expect(decision).toMatchObject({
      outcome: 'kept',
      why: expect.stringMatching(/^no worse: error rate 3\.0 % \(6 of 200\) against 3\.0 % \(15 of 500\) on stable/),
    })
    expect(report.judged).toBe(true)
  }, 60_000)

  it('keeps a canary with too few views, and says so', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    // One view a minute from each of 8 addresses: 40 by the end, half of them bad.
    const { decision, aborts } = await watchWith(
      minutes(5, { stable: { perSource: 5, errorRate: 0.02 }, canary: { perSource: 1, errorRate: 0.5, sources: 8 } }),
    )
    expect(aborts).toEqual([])
    expect(decision).toMatchObject({
      outcome: 'kept',
      why: expect.stringMatching(/^no verdict: 40 views of the 50 a verdict needs by the end of the watch/),
    })
  }, 60_000)

  it('does not abort the canary for stable’s bad views', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    const { decision, aborts } = await watchWith(
      minutes(5, { stable: { perSource: 5, errorRate: 0.3 }, canary: { perSource: 2, errorRate: 0.02 } }),
    )
    expect(aborts).toEqual([])
    expect(decision).toMatchObject({ outcome: 'kept', why: expect.stringMatching(/^no worse: error rate 2\.0 %/) })
  }, 60_000)

  it('keeps every canary, not judged, when the health API never answers', async () => {
    let now = Date.now()
    const report = await watchCanary(
      { clock: { now: () => now, sleep: async (ms) => void (now += ms) }, notice: () => {} },
      { canaries: [{ route: entry, stable: STABLE, canary: CANARY }], startedAt: now },
      { health: 'http://127.0.0.1:9', forMs: 60_000, everyMs: 30_000 },
      () => Promise.reject(new Error('nothing to abort')),
    )
    expect(report.judged).toBe(false)
    expect(report.decisions).toEqual([
      expect.objectContaining({ outcome: 'kept', why: expect.stringMatching(/^not judged: the health API at /) }),
    ])
  })

  it('refuses a watch that would read further back than the server keeps the cohorts', async () => {
    const now = Date.now()
    await expect(
      watchCanary(
        { clock: { now: () => now, sleep: async () => {} }, notice: () => {} },
        { canaries: [{ route: entry, stable: STABLE, canary: CANARY }], startedAt: now - 47 * 3_600_000 },
        { health: api, forMs: 2 * 3_600_000 },
        async () => {},
      ),
    ).rejects.toThrow(/at most 48 hours back/)
  })

  it('does not abort a healthy canary for a forger posting bad canary views from three addresses', async () => {
    await tell([STABLE, 'live'], [CANARY, 'canary'])
    const { decision, aborts } = await watchWith(
      minutes(5, { stable: { perSource: 5, errorRate: 0.02 }, canary: { perSource: 2, errorRate: 0.02 }, forged: 60 }),
    )
    expect(aborts).toEqual([])
    expect(decision.outcome).toBe('kept')
    // The forger's sources were set aside, and said.
    expect(decision.why).toMatch(/set aside/)
  }, 60_000)
})
