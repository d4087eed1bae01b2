/**
 * An in-app open from the page's package (issue 47, deliverable 5: ready in ≤ 0.5 × the same open over the
 * network). Per in-app page (a route with a demo link in the app fixture: its bench link if that is in the
 * app, else its first app link), on the slow profile (bench/lib/phone.ts SLOW_PROFILE):
 *
 * - **network**: a first open as today, every file over the slow network, no cache;
 * - **package**: the page's HTML and files answered at once from the build, as the app's interception
 *   answers them from an installed package (tests/e2e/support/package-files.ts, the same lookup the
 *   offline journeys use), the API still on the slow network; the replies the page keeps
 *   (shared/http/kept-replies.ts) already there from a previous open, as a real app has them: the phone
 *   opened the page once, unthrottled, before the measured open.
 *
 * Ready as the main bench measures it (its proof on screen with nothing over it). Runs interleaved page
 * by page; the median of each and their ratio.
 */
import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { demoLinks } from '../../server/demo-links.ts'
import { packageFile, typeOf } from '../../tests/e2e/support/package-files.ts'
import { openPhone, SLOW_PROFILE, type Phone, type Profile } from './phone.ts'
import { median } from './stats.ts'

/** The goal: an open from the package is ready in at most half the time of the same open over the network. */
export const PACKAGE_RATIO_GOAL = 0.5

export interface PackageOpenRun {
  network: number | null
  package: number | null
  /** How many kept replies were in storage as the package open started (0 for a page that keeps none). */
  keptReplies: number | null
  error?: string
}

export interface PackageOpenResult {
  name: string
  url: string
  /** Medians, ms. */
  network: number | null
  package: number | null
  /** package ÷ network. */
  ratio: number | null
  /** Whether the page keeps a first reply for its next open. */
  kept: boolean
  runs: PackageOpenRun[]
}

interface InAppLink {
  route: string
  path: string
  proof: string | { field: string; value: string }
}

/** Every in-app page of the build in `distDir`, by the link it is measured with. */
export function inAppLinks(distDir: string): InAppLink[] {
  const links = demoLinks(distDir).filter((link) => link.inApp)
  const byRoute = new Map<string, InAppLink>()
  for (const link of links) if (!byRoute.has(link.route) || link.bench) byRoute.set(link.route, link)
  return [...byRoute.values()]
}

const FAST: Profile = { rttMs: 0, downKbps: 0, upKbps: 0, cpuSlowdown: 1 }

async function setProfile(phone: Phone, profile: Profile): Promise<void> {
  const fast = profile === FAST
  await phone.cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: fast ? -1 : (profile.downKbps * 1000) / 8,
    uploadThroughput: fast ? -1 : (profile.upKbps * 1000) / 8,
  })
  await phone.cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
}

/** Opens `url` and waits until the page is ready; its ready time (ms from the navigation's start). */
async function readyAfterOpen(phone: Phone, url: string): Promise<number> {
  await phone.page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
  const handle = await phone.page.waitForFunction(
    () => {
      const b = (window as unknown as { __bench?: { uncoveredAt: number | null; paintedAt: number | null } }).__bench
      return b !== undefined && b.uncoveredAt !== null ? Math.max(b.uncoveredAt, b.paintedAt ?? 0) : false
    },
    null,
    { timeout: 60_000, polling: 16 },
  )
  return (await handle.jsonValue()) as number
}

/** Answers the package's files for `phone`'s pages on `origin` from `distDir`, at once; the rest goes to the (slow) network. */
async function servePackage(phone: Phone, origin: string, distDir: string, routes: ReadonlySet<string>): Promise<void> {
  // Only the package's URLs are intercepted: the API's requests never pass through the test's process.
  await phone.context.route(
    (url) => packageFile(url, origin, routes, routes.has(url.pathname), distDir) !== null,
    async (route) => {
      const request = route.request()
      const url = new URL(request.url())
      const file = packageFile(url, origin, routes, request.resourceType() === 'document', distDir)
      if (!file || request.method() !== 'GET') return route.continue()
      await route.fulfill({ status: 200, body: await readFile(file), headers: { 'Content-Type': typeOf(file) } })
    },
  )
}

async function openOnce(
  browser: Browser,
  baseUrl: string,
  distDir: string,
  link: InAppLink,
  fromPackage: boolean,
  run: PackageOpenRun,
): Promise<number> {
  const phone = await openPhone(browser, 'app', undefined, { proof: link.proof, profile: SLOW_PROFILE })
  try {
    if (!fromPackage) return await readyAfterOpen(phone, baseUrl + link.path)
    const routes = new Set(Object.keys(JSON.parse(await readFile(`${distDir}/pages-manifest.json`, 'utf8')).pages as object))
    await servePackage(phone, new URL(baseUrl).origin, distDir, routes)
    // The previous open the app's phone has had: its kept replies are in storage.
    await setProfile(phone, FAST)
    await readyAfterOpen(phone, baseUrl + link.path)
    // That open ends as a real one does: every first reply in (and kept), not cut off at its proof.
    await phone.page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {})
    run.keptReplies = await phone.page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kids-reply:')).length)
    await setProfile(phone, SLOW_PROFILE)
    return await readyAfterOpen(phone, baseUrl + link.path)
  } finally {
    await phone.close()
  }
}

/** Every in-app page, `runs` opens each way, interleaved. */
export async function measurePackageOpens(
  browser: Browser,
  baseUrl: string,
  distDir: string,
  runs: number,
  log: (line: string) => void,
  only?: readonly string[],
): Promise<PackageOpenResult[]> {
  const links = inAppLinks(distDir).filter((link) => !only || only.includes(link.route))
  const manifest = JSON.parse(await readFile(`${distDir}/pages-manifest.json`, 'utf8')) as {
    pages: Record<string, { firstRequests?: { keep?: boolean }[] }>
  }
  const all = new Map<string, PackageOpenRun[]>(links.map((link) => [link.route, []]))
  const f = (v: number | null) => (v === null ? '–' : String(Math.round(v)))
  for (let r = 0; r < runs; r++) {
    for (const link of links) {
      const run: PackageOpenRun = { network: null, package: null, keptReplies: null }
      for (const fromPackage of [false, true]) {
        try {
          run[fromPackage ? 'package' : 'network'] = await openOnce(browser, baseUrl, distDir, link, fromPackage, run)
        } catch (error) {
          run.error = `${fromPackage ? 'package' : 'network'}: ${String(error).split('\n')[0]!.slice(0, 160)}`
        }
      }
      all.get(link.route)!.push(run)
      log(
        `  package ${r + 1}/${runs} ${link.route.padEnd(22)} network ${f(run.network)} ms, package ${f(run.package)} ms (${run.keptReplies ?? '–'} kept)${run.error ? ` (${run.error})` : ''}`,
      )
    }
  }
  return links.map((link) => {
    const list = all.get(link.route)!
    const network = median(list.map((run) => run.network))
    const pkg = median(list.map((run) => run.package))
    return {
      name: link.route,
      url: link.path,
      network,
      package: pkg,
      ratio: network && pkg !== null ? pkg / network : null,
      kept: (manifest.pages[link.route]?.firstRequests ?? []).some((request) => request.keep === true),
      runs: list,
    }
  })
}

/** The report's section (bench/lib/report.ts). */
export function packageOpensTable(results: readonly PackageOpenResult[]): string[] {
  const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)}`)
  return [
    `## An in-app open from the package (issue 47: ${SLOW_PROFILE.rttMs} ms RTT, ${SLOW_PROFILE.downKbps / 8} KB/s, ${SLOW_PROFILE.cpuSlowdown}× CPU)`,
    '',
    `Ready (the page's proof on screen). Over the network: every file on the slow network. From the package: the HTML and files at once, the API on the slow network, the kept replies of a previous open in storage. Goal: package ≤ ${PACKAGE_RATIO_GOAL} × network. Medians; per run in the JSON.`,
    '',
    '| page | keeps its reply | network ready ms | package ready ms | package ÷ network | goal met | runs |',
    '|---|---|--:|--:|--:|---|--:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.kept ? 'yes' : 'no'} | ${ms(r.network)} | ${ms(r.package)} | ${r.ratio === null ? '–' : r.ratio.toFixed(2)} | ${
          r.ratio === null ? '–' : r.ratio <= PACKAGE_RATIO_GOAL ? 'yes' : '**no**'
        } | ${r.runs.length} |`,
    ),
    '',
  ]
}
