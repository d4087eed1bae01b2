/**
 * The reference app host in front of a real build (common/app-host, support/host-edge.ts): /price_up's
 * release published with a signed rollout.json on a directory site, the host verifies and installs its
 * package, and Chromium in the app fixture opens the page through the host's interception: from the
 * package (no file of it from the network), with its path and query, the host's facts on window, a field
 * report naming its cohort and source, and the same page with the network off.
 */
import { createPrivateKey } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, memoryStorage, type AppHost } from '../../common/app-host/index.ts'
import { releaseHtmlPath, type ReleaseRef } from '../../common/rollout/document.ts'
import type { TelemetryReport } from '../../common/telemetry/report'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { newKeyPair, signRollout } from '../../scripts/delivery/rollout/sign.ts'
import { serveDirectory, type StaticServer } from '../delivery/helpers/static-server'
import { reportErrors } from '../report-schema'
import { closeBrowser, openPhone } from './support/browser'
import { reporterLoaded } from './support/field-reports'
import { startHostEdge, type HostEdge } from './support/host-edge'
import { serverUrl } from './support/server'

const DIST = resolve(import.meta.dirname, '../../dist')
const ROUTE = '/price_up'

let siteDir = ''
let site: StaticServer
let host: AppHost
let edge: HostEdge
let ref: ReleaseRef

/** The site a deploy with a signing key leaves: the page's files, its immutable HTML, rollout.json. */
function writeSite(): { publicKey: string } {
  const manifest = JSON.parse(readFileSync(join(DIST, 'pages-manifest.json'), 'utf8')) as PagesManifest
  const entry = manifest.routes[ROUTE]!
  siteDir = mkdtempSync(join(tmpdir(), 'kids-app-host-site-'))
  const html = releaseHtmlPath(entry.name, entry.release!)
  const copy = (from: string, to: string) => {
    mkdirSync(dirname(join(siteDir, to)), { recursive: true })
    cpSync(join(DIST, from), join(siteDir, to))
  }
  copy(entry.html.file, entry.html.file)
  copy(entry.html.file, html)
  for (const asset of entry.assets) copy(asset.file, asset.file)
  ref = {
    release: entry.release!,
    html,
    minAppVersion: '1.0.0',
    files: [{ path: html, size: entry.html.size, sha256: entry.html.sha256 }, ...entry.assets.map((a) => ({ path: a.file, size: a.size, sha256: a.sha256 }))],
  }
  const { privatePem, publicKey } = newKeyPair()
  const envelope = signRollout({ version: 1, serial: 1, issuedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), routes: { [ROUTE]: { stable: ref } } }, createPrivateKey(privatePem))
  writeFileSync(join(siteDir, 'rollout.json'), envelope)
  return { publicKey }
}

beforeAll(async () => {
  const { publicKey } = writeSite()
  site = await serveDirectory(() => siteDir)
  host = await createAppHost({ siteUrl: site.url, publicKey, deviceId: 'e2e-device', appVersion: '2.12.0', storage: memoryStorage() })
  edge = await startHostEdge({ host, upstream: serverUrl(), fakeHost: true })
})

afterAll(async () => {
  await closeBrowser()
  await edge?.close()
  await site?.stop()
  rmSync(siteDir, { recursive: true, force: true })
})

describe('the reference app host', () => {
  it('opens an in-app page from its verified package, reports its cohort and source, and opens it again with no network', async () => {
    // The app starts: the document verified, the package downloaded and checked file by file.
    expect(await host.refresh()).toEqual({ status: 'updated', serial: 1 })
    expect(await host.install()).toEqual({ installed: [ROUTE], refused: [], tooOld: [] })

    const phone = await openPhone('app', { baseUrl: edge.url })
    const { page } = phone
    await page.goto(`${edge.url}${ROUTE}?from=e2e`)
    await page.getByText('查看会员方案').first().waitFor({ timeout: 15_000 })
    // Its path and query are the route's; the host told it where it came from before any of its scripts ran.
    expect(await page.evaluate(() => location.pathname + location.search)).toBe(`${ROUTE}?from=e2e`)
    expect(await page.evaluate(() => (window as unknown as { kidsRollout?: unknown }).kidsRollout)).toEqual({ cohort: 'stable', via: 'package' })
    expect(await page.evaluate(() => document.querySelector('meta[name="kids-release"]')?.getAttribute('content'))).toBe(ref.release)
    // Every file of the page from the package: the HTML and each asset it asked for.
    const asked = edge.requests.filter((r) => r.path === `${ROUTE}?from=e2e` || r.path.startsWith('/assets/'))
    expect(asked.length).toBeGreaterThan(3)
    expect(asked.filter((r) => r.from !== 'package')).toEqual([])

    // Left: its report (the reporter's, or the head's) says canary or stable and package or network.
    await reporterLoaded(page)
    await page.goto('about:blank')
    await expect.poll(() => edge.reports.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const report = JSON.parse(edge.reports.at(-1)!) as TelemetryReport
    expect(reportErrors(edge.reports.at(-1)!)).toEqual([])
    expect(report).toMatchObject({ route: ROUTE, release: ref.release, client: 'app', cohort: 'stable', via: 'package' })

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
