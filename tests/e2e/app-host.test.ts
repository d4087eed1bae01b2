/**
 * The reference app host in front of a real build (common/app-host, support/host-edge.ts), in Chromium:
 * /price_up's release published with a signed rollout.json (support/package-site.ts), the host verifies
 * and installs its package, and the app fixture opens the page through the host's interception: from
 * the package (no file of it from the network), with its path and query, the host's facts on window, a
 * field report naming its cohort and source, and the same page with the network off. WebKit:
 * tests/webkit/app-host.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TelemetryReport } from '../../common/telemetry/report'
import { reportErrors } from '../report-schema'
import { closeBrowser, openPhone } from './support/browser'
import { reporterLoaded } from './support/field-reports'
import { startHostEdge, type HostEdge } from './support/host-edge'
import { startPackageSite, type PackageSite } from './support/package-site'
import { serverUrl } from './support/server'

const ROUTE = '/price_up'

let site: PackageSite
let edge: HostEdge

beforeAll(async () => {
  site = await startPackageSite(ROUTE)
  edge = await startHostEdge({ host: site.host, upstream: serverUrl(), fakeHost: true })
})

afterAll(async () => {
  await closeBrowser()
  await edge?.close()
  await site?.close()
})

describe('the reference app host', () => {
  it('opens an in-app page from its verified package, reports its cohort and source, and opens it again with no network', async () => {
    // The app started: the document verified, the package downloaded and checked file by file.
    expect(site.refreshed).toEqual({ status: 'updated', serial: 1 })
    expect(site.installed).toEqual({ installed: [ROUTE], refused: [], tooOld: [] })

    const phone = await openPhone('app', { baseUrl: edge.url })
    const { page } = phone
    await page.goto(`${edge.url}${ROUTE}?from=e2e`)
    await page.getByText('查看会员方案').first().waitFor({ timeout: 15_000 })
    // Its path and query are the route's; the host told it where it came from before any of its scripts ran.
    expect(await page.evaluate(() => location.pathname + location.search)).toBe(`${ROUTE}?from=e2e`)
    expect(await page.evaluate(() => (window as unknown as { kidsRollout?: unknown }).kidsRollout)).toEqual({
      cohort: 'stable',
      via: 'package',
    })
    expect(await page.evaluate(() => document.querySelector('meta[name="kids-release"]')?.getAttribute('content'))).toBe(site.ref.release)
    // Every file of the page from the package: the HTML and each asset it asked for.
    const asked = edge.requests.filter((r) => r.path === `${ROUTE}?from=e2e` || r.path.startsWith('/assets/'))
    expect(asked.length).toBeGreaterThan(3)
    expect(asked.filter((r) => r.from !== 'package')).toEqual([])

    // Left: its report says its cohort and where it came from.
    await reporterLoaded(page)
    await page.goto('about:blank')
    await expect.poll(() => edge.reports.length, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(reportErrors(edge.reports.at(-1)!)).toEqual([])
    const report = JSON.parse(edge.reports.at(-1)!) as TelemetryReport
    expect(report).toMatchObject({ route: ROUTE, release: site.ref.release, client: 'app', cohort: 'stable', via: 'package' })

    // The network goes: the same page opens from its package, with its bridge, and nothing reaches the network.
    edge.offline = true
    const before = edge.requests.length
    await page.goto(`${edge.url}${ROUTE}`)
    await page.getByText('查看会员方案').first().waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => typeof (window as unknown as { KidsEnglishBridge?: unknown }).KidsEnglishBridge)).toBe('object')
    expect(edge.requests.slice(before).filter((r) => r.from === 'network')).toEqual([])
    await phone.shot('app-host-price_up-offline')
    expect(phone.errors).toEqual([])
    edge.offline = false
    await phone.context.close()
  })
})
