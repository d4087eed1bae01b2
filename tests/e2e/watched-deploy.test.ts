/**
 * Issues 38, 45 and 46, the proof: a watched deploy takes back, at the look that judges it, a page whose
 * new release fails in one client and a page whose new release is 2 s slower, and keeps the page deployed
 * beside them, while an outsider with a few addresses forges reports (the three cases of issue 45: one
 * address flooding the healthy page's new release with errors, 200 errors for the broken page's release
 * before, and an invented release): the decisions are the ones the honest views give. Every part is the real one: the pages built for an
 * API on its own origin (`VITE_API_BASE`), deployed with `npm run deploy` into a directory that Debian's
 * nginx serves with the sample of docs/deploying.md (a pass-through edge in front of it adds the fake host
 * for the app fixture, as the reference server does in the demo); the reference server collecting the
 * field reports (`POST /v1/telemetry`, cross-origin from the pages' origin) and answering
 * `/ops/release-health`; real Chromium and real WebKit (WebKitGTK), each in the browser and the app
 * fixture, opening the pages. The next release is the build edited (support/next-release.ts): `/price_up`
 * gains a script that throws at start in WebKit only, `/` a script the CDN edge serves 2 s late (its first
 * screen comes 2 s later), `/expand_space` a harmless change. The honest phones are many: in front of the
 * API, a load balancer (`TRUST_PROXY=1`) names each view's address, one per view (phones on their own)
 * but for the Chromium browser tabs, which share one (a carrier NAT); the forger sends from loopback
 * addresses of its own. Views of the live releases first (the reference the rule compares with), then the
 * deploy with `--watch`, and views of the three pages in the four clients, round after round, until the
 * deploy ends.
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { request, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import type { HealthReply, ReleaseHealth } from '../../common/telemetry/health'
import type { TelemetryReport } from '../../common/telemetry/report'
import { fetchHealth } from '../../scripts/delivery/health/fetch-health'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { startServer, type RunningServer } from '../../server/start'
import { templateCopy } from '../server/helpers/test-db'
import { runCliAsync } from '../delivery/helpers/run-cli'
import { waitFor, type Session } from '../webkit/support/webdriver'
import { startWebKit, webkitAvailable, type WebKit } from '../webkit/support/webkit'
import { appUserAgent, closeBrowser, openPhone } from './support/browser'
import { startForwarder, type Forwarder } from './support/forwarder'
import { freePort, NGINX, startNginx, type Nginx } from './support/nginx'
import { buildPages } from './support/build-pages'
import { nextRelease, webkitFault } from './support/next-release'

const root = resolve(import.meta.dirname, '../..')

/** The views a verdict needs (`--min-views`): a few rounds of the four clients, not the 50 of a real page. */
const MIN_VIEWS = 16
/** Views of each live release before the deploy: the reference (with 16, no count of errors can reach the watch's level). */
const BEFORE_VIEWS = 40
/**
 * How long the deploy watches, and how often it looks. The views come at the pace of four real clients: on
 * a busy CI machine 16 of a page took 30 s (a verdict only at the watch's last look), so it watches 45 s.
 */
const WATCH = ['--watch', '45s', '--watch-every', '2.5s']

const BAD = '/price_up'
const GOOD = '/expand_space'
const SLOW = '/'
const PAGES = [BAD, GOOD, SLOW]
/** What each page shows once it has run. */
const PROOF: Record<string, string> = { [BAD]: '查看会员方案', [GOOD]: '新年扩容大礼包', [SLOW]: '陪孩子在玩中学英语' }
/** How late the CDN serves the slow release's script. */
const SLOW_MS = 2000
/** The release no deploy made (the forger's third case). */
const INVENTED = 'c0ffee000000'
/**
 * The API requests a page makes in the app after it is ready, which a view waits for before it leaves: a
 * request the leaving cuts off is reported as an API failure with status 0, an error view (a person who
 * leaves that fast does the same; here it made 2 of 16 healthy views errors, so the views wait).
 */
const ANSWERS: Record<string, string[]> = { [GOOD]: ['/v1/user/myCapacity'] }
/** Runs in the page: whether every request of `paths` has its answer (a resource entry with its end). */
function answered(paths: string[]): boolean {
  const done = performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).responseEnd > 0)
  return paths.every((path) => done.some((e) => new URL(e.name).pathname === path))
}

/** What the faulty release throws, in WebKit only (its vendor is Apple's; Chromium's is Google's). */
const FAULT = 'the proof journey: a fault at start in WebKit only'

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
/** The iOS app: the iPhone's user agent with the contract's app marker. */
const IOS_APP_UA = `${IPHONE_UA} ${appUserAgent().split(' Safari/537.36 ')[1]}`

const skipWhy = !existsSync(NGINX)
  ? `the watched deploy journey needs ${NGINX} (apt-get install nginx; .ci/run installs it)`
  : !webkitAvailable()
    ? 'the watched deploy journey needs WebKitWebDriver, MiniBrowser and Xvfb (apt-get install webkit2gtk-driver xvfb xauth; .ci/run installs them)'
    : null
if (skipWhy && (process.env.CI || process.env.WEBKIT_REQUIRED === '1')) throw new Error(skipWhy)

let tmp: string
let site: string
let api: RunningServer
/** The API's origin as the pages know it: a pass-through hop in front of the server that records each request's Origin. */
let apiFront: Forwarder
/** The pages' origin (the CDN): a pass-through edge in front of nginx. */
let edge: Forwarder
let nginx: Nginx
/** WebKitWebDriver drives one browser at a time: one for each fixture. */
let webkits: Record<'browser' | 'app', WebKit>
/** The manifests of the live build and of the next release. */
let live: PagesManifest
let next: PagesManifest
/** The watched deploy while it runs (a failed journey stops it). */
let deploying: ChildProcess | null = null

beforeAll(async () => {
  if (skipWhy) return
  tmp = mkdtempSync(join(tmpdir(), 'kids-watched-'))
  // nginx's workers run as another user when the test runs as root: they must read the deployed files.
  chmodSync(tmp, 0o755)
  site = join(tmp, 'site')
  const nginxPort = await freePort()
  // Step: the CDN's origin (localhost) and the API's (127.0.0.1), the server allowing the pages' origin.
  edge = await startForwarder(`http://127.0.0.1:${nginxPort}`, {
    fakeHost: true,
    delay: (path) => (path.includes('/slow-start-') ? SLOW_MS : null),
  })
  api = await startServer({
    port: 0,
    host: '127.0.0.1',
    // The migrated PGlite template, copied: what a start would make of an empty folder, for a fraction of the CPU.
    dataDir: await templateCopy(join(tmp, 'api-data')),
    distDir: join(tmp, 'none'),
    corsOrigins: [edge.url],
    // The load balancer in front of it (apiFront) names the client.
    trustProxy: '127.0.0.1',
  })
  apiFront = await startForwarder(api.url, { forwardedFor: phoneAddress })
  const apiOrigin = `http://127.0.0.1:${apiFront.port}`
  // Step: build the pages for that API (as production builds them).
  live = await buildPages(join(tmp, 'dist-a'), apiOrigin, { production: true })
  // Step: the next release: /price_up throws at start in WebKit, /expand_space has a harmless change.
  next = nextRelease(join(tmp, 'dist-a'), join(tmp, 'dist-b'), [
    webkitFault(BAD, FAULT),
    { route: GOOD, html: (html) => html.replace('</body>', '<!-- the next release: a copy edit -->\n</body>') },
    {
      route: SLOW,
      scripts: [{ name: 'slow-start', source: '// the proof journey: a script the CDN serves late, before the first screen\n' }],
      html: (html, [slow]) => html.replace('</head>', `<script src="/${slow!.file}"></script></head>`),
    },
  ])
  // Step: the live site: build a deployed, served by nginx; WebKit started meanwhile.
  const [deployed, browser, app] = await Promise.all([
    runCliAsync('deploy.ts', ['--to', site, '--from', join(tmp, 'dist-a'), '--health', api.url]),
    startWebKit(),
    startWebKit(),
  ])
  webkits = { browser, app }
  expect(deployed.code, deployed.stderr).toBe(0)
  nginx = await startNginx(tmp, site, nginxPort)
}, 180_000)

afterAll(async () => {
  deploying?.kill()
  await closeBrowser()
  await Promise.all(Object.values(webkits ?? {}).map((webkit) => webkit.stop()))
  nginx?.stop()
  await edge?.close()
  await apiFront?.close()
  await api?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** One phone opening pages: it shows a page and waits for its reporter; the next page (or `leave`) sends that view's report. */
interface Client {
  name: string
  view(route: string): Promise<void>
  leave(): Promise<void>
}

/** Chromium in a fixture, `tabs` pages of one context side by side (the fake host: the edge, from the fixture's cookie). */
async function chromiumClients(fixture: 'browser' | 'app', tabs: number): Promise<{ clients: Client[]; context: BrowserContext }> {
  const phone = await openPhone(fixture, { baseUrl: edge.url })
  const pages: Page[] = [phone.page, ...(await Promise.all(Array.from({ length: tabs - 1 }, () => phone.context.newPage())))]
  const clients = pages.map((page, i) => ({
    name: `Chromium ${fixture} ${i + 1}`,
    view: async (route: string) => {
      await page.goto(`${edge.url}${route}`)
      await page.getByText(PROOF[route]!).first().waitFor()
      if (fixture === 'app') await page.waitForFunction(answered, ANSWERS[route] ?? [])
    },
    leave: async () => {
      await page.goto('about:blank')
    },
  }))
  return { clients, context: phone.context }
}

/** WebKit in a fixture: the app is the iOS app's user agent with the fake host's iOS transport (`window.webkit.messageHandlers`). */
async function webkitClient(fixture: 'browser' | 'app'): Promise<Client & { session: Session }> {
  const session = await webkits[fixture].open(fixture === 'app' ? IOS_APP_UA : IPHONE_UA)
  const query = fixture === 'app' ? '?fakeHost=app&fakeHostTransport=ios' : ''
  return {
    name: `WebKit ${fixture}`,
    session,
    view: async (route) => {
      await session.navigate(`${edge.url}${route}${query}`)
      await waitFor(
        `${route} in WebKit (${fixture}): its text`,
        () =>
          session.execute<boolean>(`return document.body.innerText.indexOf(arguments[0]) >= 0 && (${answered.toString()})(arguments[1])`, [
            PROOF[route],
            fixture === 'app' ? (ANSWERS[route] ?? []) : [],
          ]),
        15_000,
      )
    },
    leave: () => session.navigate('about:blank'),
  }
}

/** Each client views each page, one page after the other, `times` times. */
async function views(clients: Client[], routes: string[], times = 1): Promise<void> {
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < times; i++) for (const route of routes) await client.view(route)
    }),
  )
}

const health = async (): Promise<HealthReply> => fetchHealth({ api: api.url, sinceHours: 1 })
const releaseOf = (reply: HealthReply, route: string, release: string): ReleaseHealth | undefined =>
  reply.releases.find((r) => r.route === route && r.release === release)
const viewsOf = (reply: HealthReply, route: string, manifest: PagesManifest) =>
  releaseOf(reply, route, manifest.routes[route]!.release!)?.total.views ?? 0

/**
 * The load balancer's view of who sent a report: a phone of its own per view, but for half the Chromium
 * views (by their view id), which come through one carrier NAT; anything that did not come from the
 * browsers (the forger, on its own loopback addresses) as its socket's address. (Chromium sends a beacon
 * made as the page is left with its own user agent, not the context's: the view id decides, not the
 * user agent.)
 */
function phoneAddress(incoming: IncomingMessage, body: Buffer): string | null {
  if (incoming.socket.remoteAddress !== '127.0.0.1' || incoming.url !== '/v1/telemetry') return null
  let view: unknown
  try {
    view = (JSON.parse(body.toString('utf8')) as { view?: unknown }).view
  } catch {
    return null
  }
  if (typeof view !== 'string') return null
  let h = 0
  for (const c of view) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0
  if (!/iPhone/.test(incoming.headers['user-agent'] ?? '') && h % 2 === 0) return '100.64.0.1'
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255 || 1}`
}

let forged = 0
/** One forged report: an error and never ready, for `route`'s `release`, from the loopback address `from` (which claims another in X-Forwarded-For). */
function forge(from: string, route: string, release: string): Promise<number> {
  const report: TelemetryReport = {
    v: 1,
    route,
    release,
    client: 'browser',
    os: 'android',
    appVersion: null,
    engine: 'blink',
    engineMajor: 126,
    sample: 1,
    view: `forged${String(++forged).padStart(6, '0')}`,
    seq: 0,
    final: true,
    nav: 'navigate',
    ready: null,
    audioTried: false,
    vitals: { ttfb: null, fcp: null, lcp: null, inp: null, cls: null },
    problems: [{ kind: 'error', message: 'forged', count: 1, at: 100 }],
    dropped: 0,
  }
  const body = JSON.stringify(report)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: apiFront.port,
        localAddress: from,
        method: 'POST',
        path: '/v1/telemetry',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': '203.0.113.99',
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('a deploy watched on real page views (Chromium and WebKit, app and browser, through nginx)', skipBecause(skipWhy), () => {
  it('takes back at once the page that throws in WebKit and the page 2 s slower, keeps the healthy one, whatever an outsider forges', async () => {
    const [oldBad, newBad, oldGood, newGood, , newSlow] = [BAD, GOOD, SLOW].flatMap((r) => [
      live.routes[r]!.release!,
      next.routes[r]!.release!,
    ]) as string[] as [string, string, string, string, string, string]
    expect(new Set([BAD, GOOD, SLOW].flatMap((r) => [live.routes[r]!.release, next.routes[r]!.release])).size).toBe(6)

    // Step: the live releases get their views first, the reference the rule compares with (Chromium, 4 tabs a fixture).
    const chromium = await Promise.all([chromiumClients('browser', 4), chromiumClients('app', 4)])
    const tabs = chromium.flatMap((c) => c.clients)
    await views(tabs, PAGES, Math.ceil(BEFORE_VIEWS / tabs.length))
    await Promise.all(tabs.map((tab) => tab.leave()))
    await expect
      .poll(
        async () => {
          const reply = await health()
          return PAGES.map((r) => viewsOf(reply, r, live))
        },
        { timeout: 20_000 },
      )
      .toEqual(PAGES.map(() => BEFORE_VIEWS))

    // Step: the forger, before the deploy: 200 errors for the broken page's release before (one address),
    // and 70 for a release no deploy made (another).
    for (let i = 0; i < 200; i++) expect(await forge('127.0.0.3', BAD, oldBad)).toBe(204)
    for (let i = 0; i < 70; i++) expect(await forge('127.0.0.4', BAD, INVENTED)).toBe(204)

    // Step: deploy the three pages with a watch, as ops would; views start once the new releases are live.
    const purged = join(tmp, 'purged.txt')
    let said = ''
    let ended = false
    let endedAt = 0
    const run = runCliAsync(
      'deploy.ts',
      [
        ...['--to', site, '--from', join(tmp, 'dist-b'), '--pages', 'price_up,expand_space,home'],
        ...['--public-url', nginx.url, '--purge', `{ cat; echo; } >> '${purged}'`, '--verify'],
        ...[...WATCH, '--health', api.url, '--min-views', String(MIN_VIEWS)],
      ],
      {},
      (child) => {
        deploying = child
        child.stderr?.on('data', (chunk: string) => (said += chunk))
      },
    ).finally(() => {
      ended = true
      endedAt = Date.now()
    })
    await waitFor('the watch to start', () => Promise.resolve(/^watching /m.test(said) || ended), 60_000)

    // Step: the forger floods the healthy page's new release, an error a second from one address, until the end.
    const flood = (async () => {
      let sent = 0
      while (!ended) {
        expect(await forge('127.0.0.2', GOOD, newGood)).toBe(204)
        sent++
        await new Promise((r) => setTimeout(r, 1000))
      }
      return sent
    })()

    // Step: the four clients (one tab of each Chromium fixture, each WebKit fixture) open the three pages,
    // round after round, until the deploy has decided and ended; meanwhile, when nginx serves the broken
    // and the slow page's previous HTML again.
    const clients = [chromium[0].clients[0]!, chromium[1].clients[0]!, await webkitClient('browser'), await webkitClient('app')]
    const served = async (route: string) => (await fetch(`${nginx.url}${route}`)).text()
    const oldHtml: Record<string, string> = {
      [BAD]: readFileSync(join(tmp, 'dist-a/price_up/index.html'), 'utf8'),
      [SLOW]: readFileSync(join(tmp, 'dist-a/index.html'), 'utf8'),
    }
    // Asked every 250 ms, not between rounds: a round takes seconds on a busy machine, and the last one may
    // span the take-back and the end of the watch.
    const backAt: Record<string, number> = {}
    const watched = (async () => {
      while (!ended) {
        for (const route of [BAD, SLOW])
          if (!backAt[route] && (await served(route)) === oldHtml[route] && !ended) backAt[route] = Date.now()
        await new Promise((r) => setTimeout(r, 250))
      }
    })()
    let rounds = 0
    while (!ended) {
      await views(clients, PAGES)
      rounds++
    }
    await watched
    await Promise.all(clients.map((client) => client.leave()))
    const result = await run
    const flooded = await flood
    // In the log: what the deploy decided, as ops would read it.
    console.info(
      `watched deploy, ${rounds} rounds of ${clients.length} clients × ${PAGES.length} pages, ${flooded} forged floods:\n${result.stderr}`,
    )

    // What ops see: the decisions as they are made (stderr), the watch in the report (stdout), exit 1.
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(`^watching /, /expand_space ${newGood}, /price_up ${newBad} for 45 s at ${api.url}`.replace('/, ', `/ ${newSlow}, `), 'm'),
    )
    expect(result.stderr).toMatch(
      new RegExp(
        `^watch: /price_up ${newBad}: taken back: error rate \\d+\\.\\d % \\(\\d+ of \\d+\\) against \\d+\\.\\d % \\(\\d+ of \\d+\\) before: one-sided Fisher`,
        'm',
      ),
    )
    expect(result.stderr).toMatch(new RegExp(`^watch: / ${newSlow}: taken back: ready p75 \\d+\\.\\d\\d s .* one-sided Mann–Whitney`, 'm'))
    // At the look that judged it: the take-back follows its verdict at once, long before the watch ends.
    for (const route of ['/price_up', '/']) {
      const lines = result.stderr.split('\n')
      const verdict = lines.findIndex((l) => l.startsWith(`watch: ${route} `) && l.includes(': taken back: '))
      expect(lines[verdict + 1], route).toMatch(new RegExp(`^watch: took back ${route.replace('/', '\\/')}(, |$| \\()`))
    }
    for (const route of [BAD, SLOW]) {
      expect(backAt[route], `${route} served its previous HTML before the deploy ended`).toBeDefined()
      // Not at the last look (the deploy ends within a second of it): at least one look (2.5 s) before.
      expect(endedAt - backAt[route]!, `${route} taken back before the watch's last look`).toBeGreaterThan(2500)
    }
    // The flood from one address did not take the healthy page back.
    expect(result.stdout).toMatch(new RegExp(`^ {2}/expand_space ${newGood} \\(before: ${oldGood}\\): KEPT: `, 'm'))
    expect(result.stdout).toMatch(/^Verified: 3 pages, \d+ files at .*: all match$/m)
    expect(result.stdout).toMatch(new RegExp(`^ {2}/price_up ${newBad} \\(before: ${oldBad}\\): TAKEN BACK: error rate`, 'm'))
    // Each take-back is a rollback release of its own (0003 and 0004); judged at the same look, either may come first.
    expect(result.stdout).toMatch(/^Taken back: \/price_up \(release 000[34]-\S+, at \S+: worse than the release before\)$/m)
    expect(result.stdout).toMatch(/^Taken back: \/ \(release 000[34]-\S+, at \S+: slower than the release before\)$/m)

    // nginx serves /price_up's and /'s previous release again, and /expand_space's new one.
    expect(await served(BAD)).toBe(oldHtml[BAD])
    expect(await served(SLOW)).toBe(oldHtml[SLOW])
    expect(await served(GOOD)).toBe(readFileSync(join(tmp, 'dist-b/expand_space/index.html'), 'utf8'))
    // Purged at the switch (the three pages), then each page again once taken back.
    const purges = readFileSync(purged, 'utf8')
      .split('\n\n')
      .filter((run) => run.trim() !== '')
      .map((run) =>
        run
          .split('\n')
          .filter((url) => /\/(price_up|expand_space)$|^[^/]*\/\/[^/]+\/$/.test(url))
          .sort(),
      )
    expect(purges[0]).toEqual([`${nginx.url}/`, `${nginx.url}/expand_space`, `${nginx.url}/price_up`])
    expect(purges.slice(1).flat().sort()).toEqual([`${nginx.url}/`, `${nginx.url}/price_up`])
    // The release record says so.
    const list = await runCliAsync('deploy.ts', ['--to', site, '--list'])
    expect(list.stdout).toMatch(/^\* 0004-\S+\s+rollback\s+\S+\s+\(from watch of 0002-/m)

    // The server stored the honest reports of every client, for both releases of the three pages; the
    // forger's are set aside (its one address pulling up) or not counted (the invented release).
    const reply = await health()
    const bad = releaseOf(reply, BAD, newBad)!
    expect(bad.total.views).toBeGreaterThanOrEqual(MIN_VIEWS)
    expect(bad.total.errorViews).toBeGreaterThan(0)
    expect(Object.keys(bad.byClient).sort()).toEqual(['app', 'browser'])
    expect(bad.topProblems).toContainEqual(expect.objectContaining({ kind: 'error', message: expect.stringContaining(FAULT) }))
    expect(bad.byEngine.find((s) => s.key.startsWith('webkit'))).toMatchObject({ errorViews: expect.any(Number) })
    const good = releaseOf(reply, GOOD, newGood)!
    expect(good.judged!.error.setAside).toContainEqual(expect.objectContaining({ pull: 'up' }))
    expect(good.judged!.error.bad).toBe(0)
    // The forger's 200, and any honest view whose address falls in the same source bucket (the key is new each run).
    expect(releaseOf(reply, BAD, oldBad)!.judged!.error.setAside).toContainEqual(expect.objectContaining({ pull: 'up', bad: 200 }))
    expect(reply.releases.some((r) => r.release === INVENTED)).toBe(false)
    expect(reply.notCounted.unknownRelease).toBeGreaterThanOrEqual(70)
    const beacons = apiFront.requests.filter((r) => r.method === 'POST' && r.path === '/v1/telemetry' && r.origin !== null)
    expect(new Set(beacons.map((r) => r.origin))).toEqual(new Set([edge.url]))

    // The gate after it: nothing to take back, the invented release never judged.
    const gate = await runCliAsync('health.ts', ['--api', api.url, '--gate'])
    expect(gate.code, gate.stdout + gate.stderr).toBe(0)
    expect(gate.stdout + gate.stderr).not.toContain(INVENTED)
    expect(gate.stdout).not.toMatch(/^TAKE BACK/m)

    // The report ops open: its first screen names the pages taken back, their releases, clients and problems.
    const html = join(root, 'artifacts/watched-deploy-report.html')
    const written = await runCliAsync('health.ts', ['--api', api.url, '--since', '1h', '--html', html])
    expect(written.code, written.stderr).toBe(0)
    const page = chromium[0].context.pages()[0]!
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`file://${html}`)
    await page.screenshot({ path: join(root, 'artifacts/screenshots/watched-deploy-report.png'), fullPage: false })
    const firstScreen = await page.evaluate(() => document.body.innerText.slice(0, 3000))
    expect(firstScreen.indexOf('/price_up')).toBeLessThan(firstScreen.indexOf('/expand_space'))
    expect(firstScreen).toContain(newBad)
    await Promise.all(chromium.map((c) => c.context.close()))
  }, 240_000)
})
