/**
 * Issue 38 item 2: release health stays an index range scan on a large table. 60,000 reports over 30
 * days (the retention); the 24-hour window of the health query must be read through
 * `telemetry_reports_received_idx` (or, for one page, `telemetry_reports_route_received_idx` when the
 * planner finds it narrower),
 * never a sequential scan of the month — as the planner chooses it by itself, with statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_SQL } from '../../server/telemetry/health-query'
import { openTestDb, type TestDb } from './helpers/test-db'

let testDb: TestDb

beforeAll(async () => {
  testDb = await openTestDb()
  await testDb.db.exec(`
    INSERT INTO telemetry_reports (received_at, route, release, client, os, engine, sample, view, seq, final, nav,
      ready, audio_tried, has_error, has_audio_failure, problems, dropped)
    SELECT now() - (n * interval '43 seconds'), (ARRAY['/recorded_share', '/word_share', '/vip_sale', '/'])[n % 4 + 1],
      'a1b2c3d4e5f6', 'browser', 'ios', 'webkit', 1, 'v' || n, 0, true, 'navigate', 900, false, n % 50 = 0, false, '[]', 0
    FROM generate_series(1, 60000) n;
    ANALYZE telemetry_reports;`)
}, 60_000)
afterAll(async () => {
  await testDb?.dispose()
})

/** The plan's text, and the statement's answer, for the last 24 hours of `route` (or all). */
async function plan(route: string | null): Promise<string> {
  const since = new Date(Date.now() - 24 * 3600_000)
  const rows = await testDb.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${HEALTH_SQL}`, [since, route])
  return JSON.stringify(rows[0]!['QUERY PLAN'])
}

describe('The release health query', () => {
  it('reads a window of all pages through the index on received_at', async () => {
    const text = await plan(null)
    expect(text).toContain('telemetry_reports_received_idx')
    expect(text).not.toMatch(/Seq Scan[^}]*telemetry_reports/)
  })

  it("reads one page's window through an index too", async () => {
    const text = await plan('/word_share')
    expect(text).toMatch(/telemetry_reports_(route_)?received_idx/)
    expect(text).not.toMatch(/Seq Scan[^}]*telemetry_reports/)
  })

  it('answers the window from the large table', async () => {
    const since = new Date(Date.now() - 24 * 3600_000)
    const [row] = await testDb.db.query<{ figures: { client: string | null; views: number }[] }>(HEALTH_SQL, [since, null])
    const totals = row!.figures.filter((f) => f.client === null)
    // 24 h / 43 s ≈ 2009 views, over four routes.
    expect(totals.reduce((sum, f) => sum + f.views, 0)).toBeGreaterThan(1990)
    expect(totals.reduce((sum, f) => sum + f.views, 0)).toBeLessThan(2020)
  })
})
