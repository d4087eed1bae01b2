/**
 * Issue 38 item 6, the proof: a watched deploy takes back, by itself, a page whose new release fails in
 * one client, and keeps the page deployed beside it. Every part is the real one: the pages built for an
 * API on its own origin (`VITE_API_BASE`), deployed with `npm run deploy` into a directory that Debian's
 * nginx serves with the sample of docs/deploying.md (a pass-through edge in front of it adds the fake host
 * for the app fixture, as the reference server does in the demo); the reference server collecting the
 * field reports (`POST /v1/telemetry`, cross-origin from the pages' origin) and answering
 * `/ops/release-health`; real Chromium and real WebKit (WebKitGTK), each in the browser and the app
 * fixture, opening the pages. The next release is the build edited (support/next-release.ts): `/price_up`
 * gains a script that throws at start in WebKit only, `/expand_space` a harmless change. Views of the live
 * releases first (the reference the rule compares with), then the deploy with `--watch`, and views of both
 * pages in the four clients, round after round, until the deploy ends.
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HealthReply, ReleaseHealth } from '../../common/telemetry/health'
import { fetchHealth } from '../../scripts/delivery/health/fetch-health'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { startServer, type RunningServer } from '../../server/start'
import { TELEMETRY_QUEUE_GLOBAL } from '../../shared/telemetry/early'
import { runCliAsync } from '../delivery/helpers/run-cli'
import { waitFor, type Session } from '../webkit/support/webdriver'
import { startWebKit, webkitAvailable, type WebKit } from '../webkit/support/webkit'
import { appUserAgent, closeBrowser, openPhone } from './support/browser'
import { reporterLoaded } from './support/field-reports'
import { startForwarder, type Forwarder } from './support/forwarder'
import { freePort, NGINX, startNginx, type Nginx } from './support/nginx'
import { nextRelease } from './support/next-release'

const root = resolve(import.meta.dirname, '../..')

/** The views a verdict needs (`--min-views`): a few rounds of the four clients, not the 50 of a real page. */
const MIN_VIEWS = 16
/** How long the deploy watches, and how often it looks. */
const WATCH = ['--watch', '25s', '--watch-every', '2.5s']

const BAD = '/price_up'
const GOOD = '/expand_space'
/** What each page shows once it has run. */
const PROOF: Record<string, string> = { [BAD]: '查看会员方案', [GOOD]: '新年扩容大礼包' }
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
if (skipWhy) console.warn(`skipped: ${skipWhy}`)

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
  edge = await startForwarder(`http://127.0.0.1:${nginxPort}`, { fakeHost: true })
  api = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmp, 'api-data'),
    distDir: join(tmp, 'none'),
    corsOrigins: [edge.url],
  })
  apiFront = await startForwarder(api.url)
  const apiOrigin = `http://127.0.0.1:${apiFront.port}`
  // Step: build the pages for that API (as production: vitest's NODE_ENV=test would give React's development build).
  const nodeEnv = process.env.NODE_ENV
  process.env.VITE_API_BASE = apiOrigin
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: join(tmp, 'dist-a'), rolldownOptions: { checks: { bundlerTimings: false } } },
    })
  } finally {
    delete process.env.VITE_API_BASE
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  live = JSON.parse(readFileSync(join(tmp, 'dist-a/pages-manifest.json'), 'utf8')) as PagesManifest
  // Step: the next release: /price_up throws at start in WebKit, /expand_space has a harmless change.
  next = nextRelease(join(tmp, 'dist-a'), join(tmp, 'dist-b'), [
    {
      route: BAD,
      scripts: [
        { name: 'webkit-fault', source: `if (navigator.vendor === 'Apple Computer, Inc.') throw new Error(${JSON.stringify(FAULT)})\n` },
      ],
      // A classic script at the end of <head>: after the field reports' capture script, before the page's code.
      html: (html, [fault]) => html.replace('</head>', `<script src="/${fault!.file}"></script></head>`),
    },
    { route: GOOD, html: (html) => html.replace('</body>', '<!-- the next release: a copy edit -->\n</body>') },
  ])
  // Step: the live site: build a deployed, served by nginx; WebKit started meanwhile.
  const [deployed, browser, app] = await Promise.all([
    runCliAsync('deploy.ts', ['--to', site, '--from', join(tmp, 'dist-a')]),
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
      await reporterLoaded(page)
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
        `${route} in WebKit (${fixture}): its text and its reporter`,
        () =>
          session.execute<boolean>(
            `var q = window[arguments[1]]; return document.body.innerText.indexOf(arguments[0]) >= 0 && !!q && !Array.isArray(q) && (${answered.toString()})(arguments[2])`,
            [PROOF[route], TELEMETRY_QUEUE_GLOBAL, fixture === 'app' ? (ANSWERS[route] ?? []) : []],
          ),
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

describe.skipIf(skipWhy)('a deploy watched on real page views (Chromium and WebKit, app and browser, through nginx)', () => {
  it('takes back and purges the page whose new release throws in WebKit, and keeps the healthy page deployed beside it', async () => {
    const oldBad = live.routes[BAD]!.release!
    const newBad = next.routes[BAD]!.release!
    const oldGood = live.routes[GOOD]!.release!
    const newGood = next.routes[GOOD]!.release!
    expect(new Set([oldBad, newBad, oldGood, newGood]).size).toBe(4)

    // Step: the live releases get their views first, the reference the rule compares with (Chromium, 4 tabs a fixture).
    const chromium = await Promise.all([chromiumClients('browser', 4), chromiumClients('app', 4)])
    const tabs = chromium.flatMap((c) => c.clients)
    await views(tabs, [BAD, GOOD], Math.ceil(MIN_VIEWS / tabs.length))
    await Promise.all(tabs.map((tab) => tab.leave()))
    await expect
      .poll(async () => {
        const reply = await health()
        return [viewsOf(reply, BAD, live), viewsOf(reply, GOOD, live)]
      })
      .toEqual([MIN_VIEWS, MIN_VIEWS])

    // Step: deploy both pages with a watch, as ops would; views start once the new releases are live.
    const purged = join(tmp, 'purged.txt')
    let said = ''
    let ended = false
    const run = runCliAsync(
      'deploy.ts',
      [
        ...['--to', site, '--from', join(tmp, 'dist-b'), '--pages', 'price_up,expand_space'],
        ...['--public-url', nginx.url, '--purge', `{ cat; echo; } >> '${purged}'`, '--verify'],
        ...[...WATCH, '--health', api.url, '--min-views', String(MIN_VIEWS)],
      ],
      {},
      (child) => {
        deploying = child
        child.stderr?.on('data', (chunk: string) => (said += chunk))
      },
    ).finally(() => (ended = true))
    await waitFor('the watch to start', () => Promise.resolve(/^watching /m.test(said) || ended), 60_000)

    // Step: the four clients (one tab of each Chromium fixture, each WebKit fixture) open both pages, round
    // after round, until the deploy has decided and ended.
    const clients = [chromium[0].clients[0]!, chromium[1].clients[0]!, await webkitClient('browser'), await webkitClient('app')]
    let rounds = 0
    while (!ended) {
      await views(clients, [BAD, GOOD])
      rounds++
    }
    await Promise.all(clients.map((client) => client.leave()))
    const result = await run
    // In the log: what the deploy decided, as ops would read it.
    console.info(`watched deploy, ${rounds} rounds of ${clients.length} clients × 2 pages:\n${result.stderr}`)

    // What ops see: the decision as it is made (stderr), the watch in the report (stdout), exit 1.
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(new RegExp(`^watching /expand_space ${newGood}, /price_up ${newBad} for 25 s at ${api.url}`, 'm'))
    expect(result.stderr).toMatch(
      new RegExp(
        `^watch: /price_up ${newBad}: taken back: error rate \\d+\\.\\d % \\(\\d+ of \\d+\\) against 0\\.0 % \\(\\d+ of \\d+\\) before: one-sided Fisher p`,
        'm',
      ),
    )
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^the watch took back \/price_up \(release 0003-\S+\): worse than the release before$/,
    )
    expect(result.stdout).toMatch(/^Verified: 2 pages, \d+ files at .*: all match$/m)
    expect(result.stdout).toMatch(new RegExp(`^ {2}/price_up ${newBad} \\(before: ${oldBad}\\): TAKEN BACK: error rate`, 'm'))
    expect(result.stdout).toMatch(new RegExp(`^ {2}/expand_space ${newGood} \\(before: ${oldGood}\\): KEPT: no worse`, 'm'))
    expect(result.stdout).toMatch(/^Taken back: \/price_up \(release 0003-/m)

    // nginx serves /price_up's previous release again, and /expand_space's new one.
    const served = async (route: string) => (await fetch(`${nginx.url}${route}`)).text()
    expect(await served(BAD)).toBe(readFileSync(join(tmp, 'dist-a/price_up/index.html'), 'utf8'))
    expect(await served(GOOD)).toBe(readFileSync(join(tmp, 'dist-b/expand_space/index.html'), 'utf8'))
    // Purged at the switch (both pages), then /price_up again once taken back.
    const purges = readFileSync(purged, 'utf8')
      .split('\n\n')
      .filter((run) => run.trim() !== '')
    expect(purges.map((run) => run.split('\n').filter((url) => url.endsWith('/price_up') || url.endsWith('/expand_space')))).toEqual([
      [`${nginx.url}/expand_space`, `${nginx.url}/price_up`],
      [`${nginx.url}/price_up`],
    ])
    // The release record says so.
    const list = await runCliAsync('deploy.ts', ['--to', site, '--list'])
    expect(list.stdout.split('\n')[0]).toMatch(/^\* 0003-\S+\s+rollback\s+\/price_up\s+\(from watch of 0002-/)

    // The server stored the reports of every client, for both releases of both pages, and each report came
    // from the pages' origin (the CDN), cross-origin to the API's.
    const reply = await health()
    const bad = releaseOf(reply, BAD, newBad)!
    expect(bad.total.views).toBeGreaterThanOrEqual(MIN_VIEWS)
    expect(bad.total.errorViews).toBeGreaterThan(0)
    expect(Object.keys(bad.byClient).sort()).toEqual(['app', 'browser'])
    expect(bad.topProblems).toContainEqual(expect.objectContaining({ kind: 'error', message: expect.stringContaining(FAULT) }))
    const good = releaseOf(reply, GOOD, newGood)!
    expect(good.total).toMatchObject({ errorViews: 0, neverReadyViews: 0 })
    expect(good.total.views).toBeGreaterThanOrEqual(MIN_VIEWS)
    expect(releaseOf(reply, BAD, oldBad)!.total.errorViews).toBe(0)
    const beacons = apiFront.requests.filter((r) => r.method === 'POST' && r.path === '/v1/telemetry')
    expect(beacons.length).toBeGreaterThanOrEqual(2 * MIN_VIEWS + bad.total.views + good.total.views)
    expect(new Set(beacons.map((r) => r.origin))).toEqual(new Set([edge.url]))
    await Promise.all(chromium.map((c) => c.context.close()))
  }, 180_000)
})
