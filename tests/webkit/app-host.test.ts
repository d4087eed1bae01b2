/**
 * The reference app host in WebKit (the Chromium journey: tests/e2e/app-host.test.ts): WebKitGTK as the
 * iOS app's WebView opens /price_up through the host's interception (tests/e2e/support/host-edge.ts; the
 * document-start script as the first script of <head>, WebDriver having no hook), from its verified
 * package, its head's start report naming its cohort and source, and again with the network off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import type { HeadReport } from '../../common/telemetry/report'
import { appUserAgent } from '../e2e/support/browser'
import { startHostEdge, type HostEdge } from '../e2e/support/host-edge'
import { startPackageSite, type PackageSite } from '../e2e/support/package-site'
import { serverUrl } from '../e2e/support/server'
import { holds, where } from './support/page'
import { IPHONE_UA, webkitSuite } from './support/suite'
import { waitFor } from './support/webdriver'

const suite = webkitSuite()
const IOS_APP_UA = `${IPHONE_UA} ${appUserAgent().split(' Safari/537.36 ')[1]}`
const ROUTE = '/price_up'

let site: PackageSite
let edge: HostEdge

beforeAll(async () => {
  if (suite.skipWhy) return
  site = await startPackageSite(ROUTE)
  edge = await startHostEdge({ host: site.host, upstream: serverUrl(), fakeHost: true })
})

afterAll(async () => {
  await edge?.close()
  await site?.close()
})

describe('the reference app host in WebKit', skipBecause(suite.skipWhy), () => {
  it('opens an in-app page from its verified package with its facts, and again with no network', async () => {
    const session = await suite.webkit().open(IOS_APP_UA)
    try {
      // The fake host as the iOS app (its user agent, its bridge): an Android one would say Chrome to the head.
      await session.navigate(`${edge.url}${ROUTE}?fakeHost=app&fakeHostTransport=ios`)
      await waitFor('the page from its package', () => holds(session, '查看会员方案'), 15_000)
      expect(await where(session)).toBe(`${ROUTE}?fakeHost=app&fakeHostTransport=ios`)
      expect(await session.execute('return window.kidsRollout')).toEqual({ cohort: 'stable', via: 'package' })
      expect(edge.requests.filter((r) => r.path.startsWith('/assets/') && r.from !== 'package')).toEqual([])
      // WebKit's head reports the view as it starts: with the facts the host set.
      const head = await waitFor('the head’s start report', () =>
        Promise.resolve(edge.reports.map((body) => JSON.parse(body) as HeadReport).find((r) => r.head && r.route === ROUTE)),
      )
      expect(head).toMatchObject({ release: site.ref.release, cohort: 'stable', via: 'package' })

      edge.offline = true
      const before = edge.requests.length
      await session.navigate(`${edge.url}${ROUTE}?fakeHost=app&fakeHostTransport=ios`)
      await waitFor('the page from its package, offline', () => holds(session, '查看会员方案'), 15_000)
      expect(await session.execute('return typeof window.webkit?.messageHandlers')).toBe('object')
      expect(edge.requests.slice(before).filter((r) => r.from === 'network')).toEqual([])
    } finally {
      edge.offline = false
      await session.close()
    }
  })
})
