/**
 * Issue 47, the proof: a page's release goes to a share of app devices first, sticky per device, judged
 * against the stable release in the same window, and lost by itself when it is worse; the app refuses a
 * tampered rollout or package and still opens the page; every in-app page opens with no network from its
 * package. Every part is the real one: the pages built for an API on its own origin, deployed with
 * `npm run deploy` (signing `rollout.json` with a key made for the run) into a directory that Debian's nginx
 * serves with the sample of docs/deploying.md; the reference server as the API and the health API; app
 * devices that are reference hosts (common/app-host/), one per device id, each with its own storage, in
 * front of the CDN through host-edge (tests/e2e/support/host-edge.ts, the WebView's request interception),
 * with the fake host's bridge for the app fixture (from the package at the host-edge, from the network at an edge in front of nginx, as the demo does);
 * real Chromium and real WebKit (WebKitGTK). Browsers open the route's URL on the CDN directly.
 *
 * The canary is release 2 of /price_up, edited from the build (support/next-release.ts): a script that
 * throws at start in WebKit only. Deployed with `--canary 20 --watch`, app devices open the page round after
 * round (the canary devices' WebKit views throw, their Chromium views do not; stable devices in both) until
 * the watch has judged the canary worse and taken it away.
 */
import { createHash, createPrivateKey } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createAppHost, memoryStorage, type AppHost, type Choice } from '../../common/app-host'
import { importRolloutPublicKey, inCanary, parseRolloutDocument, verifyRollout, type RolloutDocument } from '../../common/rollout'
import type { HealthReply } from '../../common/telemetry/health'
import { describeClient } from '../../common/telemetry/client'
import type { HeadReport, TelemetryReport } from '../../common/telemetry/report'
import { fetchHealth } from '../../scripts/delivery/health/fetch-health'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { newKeyPair, signRollout } from '../../scripts/delivery/rollout/sign'
import { skipBecause } from '../../scripts/test/skip-because'
import { demoLinks, type DemoLink } from '../../server/demo-links'
import { startServer, type RunningServer } from '../../server/start'
import { runCliAsync } from '../delivery/helpers/run-cli'
import { waitFor, type Session } from '../webkit/support/webdriver'
import { startWebKit, webkitAvailable, type WebKit } from '../webkit/support/webkit'
import { appUserAgent, closeBrowser, openPhone, type PhonePage } from './support/browser'
import { startForwarder, type Forwarder } from './support/forwarder'
import { startHostEdge, type HostEdge } from './support/host-edge'
import { freePort, NGINX, startNginx, type Nginx } from './support/nginx'
import { buildPages } from './support/build-pages'
import { nextRelease, webkitFault } from './support/next-release'

const root = resolve(import.meta.dirname, '../..')
const SHOTS = join(root, 'artifacts/screenshots')

const ROUTE = '/price_up'
/** What /price_up shows once it has run. */
const PROOF = '查看会员方案'
/** The share of app devices the canary gets. */
const SHARE = 20
/**
 * Devices whose cohort is counted: with 400, the canary's count is binomial(400, 0.2), mean 80, σ 8; the
 * test accepts 80 ± 32 (4σ: 20 % ± 8 points), which a fair split misses about once in 16 000 runs
 * (computed exactly below and printed).
 */
const DEVICES = 400
const SPREAD = 32
/** What the faulty release throws, in WebKit only (its vendor is Apple's; Chromium's is Google's). */
const FAULT = 'the canary proof: a fault at start in WebKit only'
/**
 * The watch: views of a canary device in WebKit throw, so the canary's error rate is about half (a Chromium
 * canary view every other round); with `--min-views 10` the first looks after ~10 canary views judge it
 * (Fisher, 10 of 14 against 0 of 20 gives p ≈ 1e-6, far under the interim level 0.0025 / 2 / 14 ≈ 9e-5).
 * 45 s bounds it on a busy machine; a look every 3 s takes it away within seconds of the verdict.
 */
const MIN_VIEWS = 10
const WATCH = ['--watch', '45s', '--watch-every', '3s', '--min-views', String(MIN_VIEWS)]
/** The app's version in its user agent and in its host (above the packages' minAppVersion, 1.0.0). */
const APP_VERSION = '2.12.0'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
/** The iOS app: the iPhone's user agent with the contract's app marker. */
const IOS_APP_UA = `${IPHONE_UA} ${appUserAgent({ version: APP_VERSION }).split(' Safari/537.36 ')[1]}`
/** The spec's network-failure text (docs/contracts/ui-text.md): an in-app page's offline state says it. */
const NETWORK_FAILURE = '网络错误，请检查您的网络连接'

const skipWhy = !existsSync(NGINX)
  ? `the canary deploy journey needs ${NGINX} (apt-get install nginx; .ci/run installs it)`
  : !webkitAvailable()
    ? 'the canary deploy journey needs WebKitWebDriver, MiniBrowser and Xvfb (apt-get install webkit2gtk-driver xvfb xauth; .ci/run installs them)'
    : null
if (skipWhy && (process.env.CI || process.env.WEBKIT_REQUIRED === '1')) throw new Error(skipWhy)

/** An app device: its host (its own storage) and the host's interception (host-edge, with the fake host's bridge): what the WebView opens. */
interface Device {
  id: string
  host: AppHost
  edge: HostEdge
}

/** A device's view as its report tells it: release, cohort, via and whether the WebKit fault was in it. */
interface SeenReport {
  origin: string
  report: TelemetryReport | HeadReport
  userAgent: string
}

let tmp: string
let site: string
let keys: { privatePem: string; publicKey: string }
let publicKey: CryptoKey
let api: RunningServer
/** The load balancer in front of the API: each view its own address; it also keeps every report a page sent. */
let apiFront: Forwarder
/** The API's origin as the pages know it: a TCP hop that the offline part turns off (the phone's radio). */
let radio: Radio
let nginx: Nginx
/** The CDN's edge in front of nginx for app devices: the fake host's bridge on the HTML the network gives them (as the demo does). */
let cdnFront: Forwarder
/** The CDN's URL (nginx's), known before nginx starts: the devices' hosts are made first. */
let cdn: string
let webkits: Record<'canary' | 'stable' | 'browser', WebKit>
let live: PagesManifest
let next: PagesManifest
let oldRelease: string
let newRelease: string
const devices: Record<string, Device> = {}
/** Every report the API got, by the page's origin (a device's host-edge): the highest `seq` of each view. */
const reports = new Map<string, SeenReport>()
const ROLLOUT_ENV = (): Record<string, string> => ({ ROLLOUT_SIGNING_KEY: keys.privatePem })

/** A switchable TCP hop: `off` refuses new connections and cuts the open ones, as a phone with no network. */
interface Radio {
  url: string
  off: boolean
  close(): Promise<void>
}

async function startRadio(targetPort: number, port: number): Promise<Radio> {
  const open = new Set<Socket>()
  const radioState = { off: false }
  const server: TcpServer = createTcpServer((socket) => {
    if (radioState.off) return void socket.destroy()
    const upstream = connect(targetPort, '127.0.0.1')
    open.add(socket)
    socket.on('close', () => open.delete(socket))
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${port}`,
    get off() {
      return radioState.off
    },
    set off(value: boolean) {
      radioState.off = value
      if (value) for (const socket of open) socket.destroy()
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of open) socket.destroy()
        server.close(() => closed())
      }),
  }
}

/**
 * The load balancer's view of who sent a report: a phone of its own per view (its view id), so that the
 * rule's sources are the views; and the report kept for the test, by the page's origin.
 */
function phoneAddress(incoming: IncomingMessage, body: Buffer): string | null {
  if (incoming.url !== '/v1/telemetry') return null
  let report: TelemetryReport | HeadReport
  try {
    report = JSON.parse(body.toString('utf8')) as TelemetryReport | HeadReport
  } catch {
    return null
  }
  if (typeof report.view !== 'string') return null
  const kept = reports.get(report.view)
  if (!kept || kept.report.seq <= report.seq)
    reports.set(report.view, { origin: String(incoming.headers.origin ?? ''), report, userAgent: incoming.headers['user-agent'] ?? '' })
  let h = 0
  for (const c of report.view) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255 || 1}`
}

/**
 * The reports of the views opened through `device` (its host-edge's origin), oldest first by arrival. A
 * view left before its reporter loaded sent only the head's report (a loaded machine leaves some): it
 * describes no client, and the server reads one from its request's user agent, as here.
 */
const reportsOf = (device: Device): SeenView[] =>
  [...reports.values()]
    .filter((r) => r.origin === device.edge.url && r.report.route === ROUTE)
    .map(({ report, userAgent }) => ('head' in report ? { ...describeClient(userAgent), ...report } : report))

/** A view as the server stores its report: a head report with the client its user agent names. */
type SeenView = TelemetryReport | (HeadReport & ReturnType<typeof describeClient>)

/**
 * What the app's fetch of a package file or of `rollout.json` gets, when the test tampers with it
 * (`tamper` returns other bytes, or null: as sent): the network or the CDN between the site and the app.
 */
type Tamper = (path: string, bytes: Buffer) => Buffer | null
let tamper: Tamper | null = null
const tamperingFetch: typeof fetch = async (input, init) => {
  const reply = await fetch(input, init)
  if (!tamper) return reply
  const url = new URL(input instanceof Request ? input.url : String(input))
  const bytes = Buffer.from(await reply.arrayBuffer())
  const changed = tamper(url.pathname, bytes) ?? bytes
  const headers = new Headers(reply.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(new Uint8Array(changed), { status: reply.status, headers })
}

/** The reference host of app device `id` on the CDN, as the app makes it, with nothing stored yet. */
function hostOf(id: string, options: { fetch?: typeof fetch } = {}): Promise<AppHost> {
  return createAppHost({
    siteUrl: cdn,
    publicKey: keys.publicKey,
    deviceId: id,
    appVersion: APP_VERSION,
    storage: memoryStorage(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}

async function newDevice(id: string, options: { fetch?: typeof fetch } = {}): Promise<Device> {
  const host = await hostOf(id, options)
  const edge = await startHostEdge({ host, upstream: cdnFront.url, fakeHost: true })
  return { id, host, edge }
}

/** The signed rollout the CDN serves now, verified with the app's key. */
async function servedRollout(): Promise<RolloutDocument> {
  const reply = await fetch(`${nginx.url}/rollout.json`)
  expect(reply.status).toBe(200)
  // interfaces.md item 2: a short cache, from the nginx sample of docs/deploying.md.
  expect(reply.headers.get('cache-control'), 'rollout.json cache').toBe('public, max-age=60')
  return verifyRollout(await reply.text(), publicKey)
}

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex')

/** Runs in the page: its release (`<meta name="kids-release">`), what the host told it, and its text. */
function pageState(): PageState {
  return {
    release: document.querySelector('meta[name="kids-release"]')?.getAttribute('content') ?? null,
    rollout: (window as unknown as { kidsRollout?: PageState['rollout'] }).kidsRollout ?? null,
    text: document.body ? document.body.innerText : '',
  }
}
/** The same as a WebDriver script's body. */
const PAGE_STATE = `return (${pageState.toString()})()`
interface PageState {
  release: string | null
  rollout: { cohort: string; via: string } | null
  text: string
}

/** Device ids for the split: `device-0000` … */
const deviceId = (i: number) => `device-${String(i).padStart(4, '0')}`

let canaryIds: string[]
let stableIds: string[]

beforeAll(async () => {
  if (skipWhy) return
  tmp = mkdtempSync(join(tmpdir(), 'kids-canary-'))
  // nginx's workers run as another user when the test runs as root: they must read the deployed files.
  chmodSync(tmp, 0o755)
  site = join(tmp, 'site')
  keys = newKeyPair()
  publicKey = await importRolloutPublicKey(keys.publicKey)
  const [nginxPort, apiPort, radioPort] = await Promise.all([freePort(), freePort(), freePort()])
  cdn = `http://localhost:${nginxPort}`
  cdnFront = await startForwarder(`http://127.0.0.1:${nginxPort}`, { fakeHost: true })
  // Step: the API's origin (the radio, then the load balancer, then the server on apiPort, started below).
  apiFront = await startForwarder(`http://127.0.0.1:${apiPort}`, { forwardedFor: phoneAddress })
  radio = await startRadio(apiFront.port, radioPort)
  // Step: build the pages for that API (as production builds them), WebKit started meanwhile.
  const started = Promise.all([startWebKit(), startWebKit(), startWebKit()])
  live = await buildPages(join(tmp, 'dist-a'), radio.url, { production: true })
  // Step: release 2 of /price_up, which throws at start in WebKit.
  next = nextRelease(join(tmp, 'dist-a'), join(tmp, 'dist-b'), [webkitFault(ROUTE, FAULT)])
  oldRelease = live.routes[ROUTE]!.release!
  newRelease = next.routes[ROUTE]!.release!
  // Step: which devices the canary will get (the documented rule); the hosts must agree (checked below).
  const cohorts = await Promise.all(Array.from({ length: DEVICES }, (_, i) => inCanary(deviceId(i), ROUTE, newRelease, SHARE)))
  canaryIds = cohorts.flatMap((c, i) => (c ? [deviceId(i)] : []))
  stableIds = cohorts.flatMap((c, i) => (c ? [] : [deviceId(i)]))
  // Step: the devices that open pages, each its host, its interception and its bridge: two canary, two
  // stable (one per engine), three tampered with, one opening every in-app page offline.
  for (const id of [canaryIds[0]!, canaryIds[1]!, stableIds[0]!, stableIds[1]!, 'device-offline']) devices[id] = await newDevice(id)
  for (const id of ['device-tampered', 'device-hash', 'device-truncated']) devices[id] = await newDevice(id, { fetch: tamperingFetch })
  // Step: the API, allowing the pages' origins (every device's, and the CDN's for the browsers).
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: join(tmp, 'api-data'),
    distDir: join(tmp, 'none'),
    corsOrigins: [cdn, ...Object.values(devices).map((d) => d.edge.url)],
    trustProxy: '127.0.0.1',
  })
  // Step: release 1 deployed with the key (it writes rollout.json), served by nginx.
  const [deployed, [canary, stable, browser]] = await Promise.all([
    runCliAsync('deploy.ts', ['--to', site, '--from', join(tmp, 'dist-a'), '--health', api.url], ROLLOUT_ENV()),
    started,
  ])
  webkits = { canary, stable, browser }
  expect(deployed.code, deployed.stderr).toBe(0)
  nginx = await startNginx(tmp, site, nginxPort)
  mkdirSync(SHOTS, { recursive: true })
}, 240_000)

afterAll(async () => {
  await closeBrowser()
  await Promise.all(Object.values(webkits ?? {}).map((webkit) => webkit.stop()))
  for (const device of Object.values(devices)) {
    await device.edge.close()
  }
  nginx?.stop()
  await cdnFront?.close()
  await radio?.close()
  await apiFront?.close()
  await api?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** Opens `path` in a WebKit app session through `device` and waits for `proof` (or any of `proofs`); returns the page's state. */
async function openInWebKit(session: Session, device: Device, path: string, proofs: string[]): Promise<PageState> {
  const url = new URL(path, device.edge.url)
  url.searchParams.set('fakeHost', 'app')
  url.searchParams.set('fakeHostTransport', 'ios')
  await session.navigate(url.href)
  return waitFor(
    `${path} in WebKit through ${device.id}`,
    async () => {
      const state = await session.execute<PageState>(PAGE_STATE)
      return proofs.some((p) => state.text.includes(p)) ? state : null
    },
    15_000,
  )
}

/** Opens `path` in a Chromium app page through `device` and waits for one of `proofs`; returns the page's state. */
async function openInChromium(page: Page, device: Device, path: string, proofs: string[]): Promise<PageState> {
  await page.goto(new URL(path, device.edge.url).href)
  await page.waitForFunction((texts) => texts.some((t) => document.body?.innerText.includes(t)), proofs, { timeout: 15_000 })
  return page.evaluate(pageState)
}

/** A Chromium app context for one device (the fake host on by its cookie on the device's origin). */
function chromiumFor(device: Device): Promise<PhonePage> {
  return openPhone('app', { baseUrl: device.edge.url, version: APP_VERSION })
}

/** Two-sided probability that binomial(n, p) lands further than `spread` from its mean (exact, by its terms). */
function binomialOutside(n: number, p: number, spread: number): number {
  const mean = n * p
  let term = Math.pow(1 - p, n)
  let outside = 0
  for (let k = 0; k <= n; k++) {
    if (Math.abs(k - mean) > spread) outside += term
    term = (term * (n - k) * p) / ((k + 1) * (1 - p))
  }
  return outside
}

describe('a canary of one page for 20 % of app devices, watched (Chromium and WebKit, through nginx)', skipBecause(skipWhy), () => {
  it('splits the devices about 20/80, sticky; the watch takes away the canary that breaks in WebKit, stable untouched', async () => {
    expect(newRelease).not.toBe(oldRelease)
    const canaryDevices = [devices[canaryIds[0]!]!, devices[canaryIds[1]!]!]
    const stableDevices = [devices[stableIds[0]!]!, devices[stableIds[1]!]!]
    const viewing = [...canaryDevices, ...stableDevices]

    // Step: release 1 everywhere: the document names /price_up's release 1 and no canary; every viewing device takes it.
    const before = await servedRollout()
    expect(before.routes[ROUTE]).toMatchObject({ stable: { release: oldRelease } })
    expect(before.routes[ROUTE]!.canary).toBeUndefined()
    await Promise.all(viewing.map(async (d) => (await d.host.refresh(), await d.host.install())))
    const stableHtml = await (await fetch(`${nginx.url}${ROUTE}`)).text()
    expect(sha(stableHtml)).toBe(sha(readFileSync(join(tmp, 'dist-a/price_up/index.html'))))

    // Step: the canary, watched, as ops would start it.
    let said = ''
    let ended = false
    const run = runCliAsync(
      'deploy.ts',
      ['--to', site, '--from', join(tmp, 'dist-b'), '--pages', 'price_up', '--canary', String(SHARE), ...WATCH, '--health', api.url],
      ROLLOUT_ENV(),
      (child) => child.stderr?.on('data', (chunk: string) => (said += chunk)),
    ).finally(() => (ended = true))
    const during = await waitFor(
      'rollout.json to name the canary',
      async () => {
        if (ended) throw new Error(`the canary deploy ended before it wrote its canary:\n${said}`)
        const doc = await servedRollout().catch(() => null)
        return doc?.routes[ROUTE]?.canary ? doc : null
      },
      60_000,
    )
    expect(during.serial).toBeGreaterThan(before.serial)
    expect(during.routes[ROUTE]).toMatchObject({ stable: { release: oldRelease }, canary: { release: newRelease, share: SHARE } })
    // The canary's immutable HTML is on the CDN, its bytes the ones the document signs; the route's URL still stable.
    const canaryRef = during.routes[ROUTE]!.canary!
    const canaryHtml = Buffer.from(await (await fetch(`${nginx.url}/${canaryRef.html}`)).arrayBuffer())
    expect({ size: canaryHtml.length, sha256: sha(canaryHtml) }).toEqual({
      size: canaryRef.files[0]!.size,
      sha256: canaryRef.files[0]!.sha256,
    })
    expect(await (await fetch(`${nginx.url}${ROUTE}`)).text()).toBe(stableHtml)

    // Step: 400 devices refresh: about 20 % canary, each the documented rule's answer, the same at a second refresh.
    const split: { id: string; first: Choice | null; again: Choice | null }[] = []
    // 25 at a time: nginx's sample takes 256 connections.
    for (let from = 0; from < DEVICES; from += 25) {
      split.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, DEVICES - from) }, async (_, i) => {
            const id = deviceId(from + i)
            const host = await hostOf(id)
            await host.refresh()
            const first = await host.choice(ROUTE)
            await host.refresh()
            return { id, first, again: await host.choice(ROUTE) }
          }),
        )),
      )
    }
    const inCanaryCount = split.filter((d) => d.first?.cohort === 'canary').length
    const outside = binomialOutside(DEVICES, SHARE / 100, SPREAD)
    console.info(
      `canary split: ${inCanaryCount} of ${DEVICES} devices (${((inCanaryCount / DEVICES) * 100).toFixed(1)} %), ` +
        `accepted ${DEVICES * 0.2 - SPREAD}–${DEVICES * 0.2 + SPREAD}; a fair split lands outside with p = ${outside.toExponential(1)}`,
    )
    expect(outside).toBeLessThan(1e-4)
    expect(Math.abs(inCanaryCount - DEVICES * 0.2)).toBeLessThanOrEqual(SPREAD)
    for (const d of split) {
      const canary = canaryIds.includes(d.id)
      expect(d.first, d.id).toMatchObject({ release: canary ? newRelease : oldRelease, cohort: canary ? 'canary' : 'stable' })
      expect(d.again, `${d.id} at its second refresh`).toEqual(d.first)
    }

    // Step: the viewing devices take the document and their packages (the canary devices the canary's).
    await Promise.all(viewing.map(async (d) => (await d.host.refresh(), await d.host.install())))
    for (const d of canaryDevices) expect(await d.host.choice(ROUTE)).toEqual({ release: newRelease, cohort: 'canary', via: 'package' })
    for (const d of stableDevices) expect(await d.host.choice(ROUTE)).toEqual({ release: oldRelease, cohort: 'stable', via: 'package' })

    // Step: browsers open the route's URL on the CDN: stable, in Chromium and WebKit, while the canary is out.
    const browserPhone = await openPhone('browser', { baseUrl: nginx.url })
    await browserPhone.page.goto(`${nginx.url}${ROUTE}`)
    await browserPhone.page.getByText(PROOF).first().waitFor()
    expect(await browserPhone.page.evaluate(pageState)).toMatchObject({ release: oldRelease, rollout: null })
    await browserPhone.context.close()
    const safari = await webkits.browser.open(IPHONE_UA)
    await safari.navigate(`${nginx.url}${ROUTE}`)
    const safariState = await waitFor('the browser page in WebKit', async () => {
      const state = await safari.execute<PageState>(PAGE_STATE)
      return state.text.includes(PROOF) ? state : null
    })
    expect(safariState).toMatchObject({ release: oldRelease, rollout: null })
    await webkits.browser.stop()

    // Step: the app devices open /price_up round after round until the deploy ends: each WebKit device every
    // round, each Chromium device every other round (the canary's views about half faulty).
    const [chromiumCanary, chromiumStable] = await Promise.all([chromiumFor(canaryDevices[0]!), chromiumFor(stableDevices[0]!)])
    const [webkitCanary, webkitStable] = await Promise.all([webkits.canary.open(IOS_APP_UA), webkits.stable.open(IOS_APP_UA)])
    // However the step ends: a window left open would take the driver's one session from the next test.
    onTestFinished(() =>
      Promise.all([webkitCanary.close(), webkitStable.close(), chromiumCanary.context.close(), chromiumStable.context.close()]).then(
        () => {},
      ),
    )
    /** Every open's page state, per device: its release and what the host told it, at each open. */
    const seen = new Map<string, PageState[]>(viewing.map((d) => [d.id, []]))
    const keep = (device: Device) => (state: PageState) => void seen.get(device.id)!.push(state)
    let rounds = 0
    while (!ended) {
      const chromiumToo = rounds % 2 === 0
      await Promise.all([
        openInWebKit(webkitCanary, canaryDevices[1]!, ROUTE, [PROOF]).then(keep(canaryDevices[1]!)),
        openInWebKit(webkitStable, stableDevices[1]!, ROUTE, [PROOF]).then(keep(stableDevices[1]!)),
        chromiumToo ? openInChromium(chromiumCanary.page, canaryDevices[0]!, ROUTE, [PROOF]).then(keep(canaryDevices[0]!)) : null,
        chromiumToo ? openInChromium(chromiumStable.page, stableDevices[0]!, ROUTE, [PROOF]).then(keep(stableDevices[0]!)) : null,
      ])
      rounds++
    }
    // Leaving sends each last view's report.
    await Promise.all([webkitCanary.navigate('about:blank'), webkitStable.navigate('about:blank')])
    await Promise.all([chromiumCanary.page.goto('about:blank'), chromiumStable.page.goto('about:blank')])
    const result = await run
    console.info(`canary deploy, ${rounds} rounds:\n${result.stdout}\n${result.stderr}`)

    // What ops see: the watch took the canary away at the look that judged it (a worse error rate than
    // stable's in the same window), says so as it decides (stderr) and in the report (stdout), and exits 1.
    expect(result.code, result.stderr).toBe(1)
    expect(result.stdout).toContain(`  /price_up: release ${newRelease} to ${SHARE} % of app devices; stable ${oldRelease}`)
    expect(result.stderr).toMatch(
      new RegExp(
        `^canary watch: /price_up ${newRelease}: aborted: error rate \\d+\\.\\d % \\(\\d+ of \\d+\\) against 0\\.0 % \\(0 of \\d+\\) on stable: one-sided Fisher`,
        'm',
      ),
    )
    expect(result.stdout).toMatch(new RegExp(`^ {2}/price_up ${newRelease} \\(stable: ${oldRelease}\\): ABORTED: error rate`, 'm'))
    expect(result.stdout).toMatch(/^Canary aborted: \/price_up \(at \d\d:\d\d:\d\dZ\)$/m)

    // rollout.json: signed, one more serial, no canary; /price_up stable is release 1; the route's bytes never changed.
    const after = await servedRollout()
    expect(after.serial).toBeGreaterThan(during.serial)
    expect(after.routes[ROUTE]!.canary).toBeUndefined()
    expect(after.routes[ROUTE]!.stable).toEqual(before.routes[ROUTE]!.stable)
    expect(await (await fetch(`${nginx.url}${ROUTE}`)).text()).toBe(stableHtml)

    // Each device kept its cohort and release across its opens, the page's meta and what its host told it agreeing.
    for (const d of viewing) {
      const canary = canaryDevices.includes(d)
      const states = seen.get(d.id)!
      expect(states.length, d.id).toBeGreaterThan(0)
      for (const state of states) {
        expect(state, d.id).toMatchObject({
          release: canary ? newRelease : oldRelease,
          rollout: { cohort: canary ? 'canary' : 'stable', via: 'package' },
        })
      }
    }
    // Their reports say the same; the fault is in every WebKit canary view and in no other.
    await expect.poll(() => reportsOf(canaryDevices[1]!).length, { timeout: 10_000 }).toBe(seen.get(canaryDevices[1]!.id)!.length)
    // The head's report names no message: its views' errors are the fault's (no other view has one).
    const faulty = (r: SeenView) =>
      'head' in r ? r.problems.some((p) => p.kind === 'error') : r.problems.some((p) => p.message.includes(FAULT))
    for (const d of viewing) {
      const canary = canaryDevices.includes(d)
      const mine = reportsOf(d)
      expect(mine.length, d.id).toBeGreaterThan(0)
      for (const r of mine) {
        expect(r, d.id).toMatchObject({
          client: 'app',
          release: canary ? newRelease : oldRelease,
          cohort: canary ? 'canary' : 'stable',
          via: 'package',
        })
        expect(faulty(r), `${d.id}, ${r.engine}: ${JSON.stringify(r)}`).toBe(canary && r.engine === 'webkit')
      }
    }

    // Release health shows the cohorts and the sources.
    const reply: HealthReply = await fetchHealth({ api: api.url, sinceHours: 1 })
    const canaryHealth = reply.releases.find((r) => r.route === ROUTE && r.release === newRelease)!
    expect(canaryHealth.byCohort.find((s) => s.key === 'canary')!.errorViews).toBeGreaterThan(0)
    expect(canaryHealth.byVia.find((s) => s.key === 'package')!.views).toBeGreaterThanOrEqual(MIN_VIEWS)
    const stableHealth = reply.releases.find((r) => r.route === ROUTE && r.release === oldRelease)!
    expect(stableHealth.byCohort.find((s) => s.key === 'stable')).toMatchObject({ errorViews: 0 })
    expect(reply.notCounted.unknownRelease).toBe(0)

    // The canary devices get stable at their next refresh: release 1 from its package, no fault in WebKit.
    await Promise.all(canaryDevices.map(async (d) => (await d.host.refresh(), await d.host.install())))
    for (const d of canaryDevices) expect(await d.host.choice(ROUTE)).toEqual({ release: oldRelease, cohort: 'stable', via: 'package' })
    const back = await openInWebKit(webkitCanary, canaryDevices[1]!, ROUTE, [PROOF])
    expect(back).toMatchObject({ release: oldRelease, rollout: { cohort: 'stable', via: 'package' } })
  }, 240_000)

  it('refuses a tampered rollout (keeping the last good one) and a tampered package (the page opens from the network)', async () => {
    const device = devices['device-tampered']!
    const phone = await chromiumFor(device)
    const good = await fetch(`${nginx.url}/rollout.json`).then((r) => r.text())
    const goodDoc = await verifyRollout(good, publicKey)
    const stable = goodDoc.routes[ROUTE]!.stable.release

    // Step: the good document first.
    expect(await device.host.refresh()).toMatchObject({ status: 'updated', serial: goodDoc.serial })
    expect(await device.host.choice(ROUTE)).toMatchObject({ release: stable, cohort: 'stable' })

    // Step: a newer, well-formed document that sends /price_up to another page's release (what an attacker
    // on the way would do), signed with another key (a bad signature), then with the good signature over
    // it (a field changed after signing): both refused; the format is right, so only the signature refuses them.
    const envelope = JSON.parse(good) as { document: string; signature: string }
    const doc = JSON.parse(envelope.document) as RolloutDocument
    const elsewhere = doc.routes['/expand_space']!.stable
    const redirected = JSON.stringify({ ...doc, serial: doc.serial + 1, routes: { ...doc.routes, [ROUTE]: { stable: elsewhere } } })
    expect(parseRolloutDocument(redirected).routes[ROUTE]!.stable.release).toBe(elsewhere.release)
    const forged = signRollout(JSON.parse(redirected) as RolloutDocument, createPrivateKey(newKeyPair().privatePem))
    const changed = JSON.stringify({ document: redirected, signature: envelope.signature })
    for (const [what, body] of [
      ['a bad signature', forged],
      ['a field changed after signing', changed],
    ] as const) {
      tamper = (path) => (path === '/rollout.json' ? Buffer.from(body) : null)
      const refused = await device.host.refresh()
      tamper = null
      expect(refused, what).toMatchObject({ status: 'refused', serial: goodDoc.serial })
      expect(device.host.current()?.serial, what).toBe(goodDoc.serial)
      expect(await device.host.choice(ROUTE), what).toMatchObject({ release: stable, cohort: 'stable' })
    }
    // The page still opens, the last good document's release from its package.
    await device.host.install()
    const kept = await openInChromium(phone.page, device, ROUTE, [PROOF])
    expect(kept).toMatchObject({ release: stable, rollout: { cohort: 'stable', via: 'package' } })
    await phone.context.close()

    // Step: packages tampered on the way: a byte changed in a script (same size), then a truncated HTML.
    const pkg = goodDoc.routes[ROUTE]!.stable.files
    const script = pkg.find((f) => f.path.endsWith('.js'))!
    for (const [what, target, edit] of [
      ['a wrong hash', devices['device-hash']!, (path: string, bytes: Buffer) => (path === `/${script.path}` ? flipByte(bytes) : null)],
      [
        'a truncated file',
        devices['device-truncated']!,
        (path: string, bytes: Buffer) => (path === `/${pkg[0]!.path}` ? bytes.subarray(0, bytes.length >> 1) : null),
      ],
    ] as const) {
      await target.host.refresh()
      tamper = edit
      const installed = await target.host.install()
      tamper = null
      expect(
        installed.refused.map((r) => r.route),
        what,
      ).toContain(ROUTE)
      // Refused: the page comes from the network (the route's stable HTML), and its report says so.
      const chosen = await target.host.choice(ROUTE)
      expect(chosen, what).toMatchObject({ release: stable, via: 'network' })
      const browsing = await chromiumFor(target)
      const state = await openInChromium(browsing.page, target, ROUTE, [PROOF])
      expect(state, what).toMatchObject({ release: stable, rollout: { via: 'network' } })
      await browsing.page.goto('about:blank')
      await browsing.context.close()
      await expect.poll(() => reportsOf(target).some((r) => r.via === 'network' && r.release === stable), { timeout: 10_000 }).toBe(true)
    }
  }, 120_000)

  it('opens every in-app page with no network from its package, in Chromium and WebKit', async () => {
    const device = devices['device-offline']!
    await device.host.refresh()
    await device.host.install()
    // One link per in-app page (its first app link): the page's own proof online, then offline.
    const links = demoLinks(join(tmp, 'dist-a')).filter(
      (l, i, all) => l.inApp && all.findIndex((o) => o.inApp && o.route === l.route) === i,
    )
    expect(links.length).toBeGreaterThanOrEqual(6)
    const proofOf = (l: DemoLink) => (typeof l.proof === 'string' ? l.proof : l.proof.value)
    for (const link of links) expect(await device.host.choice(link.route), link.route).toMatchObject({ via: 'package' })

    const phone = await chromiumFor(device)
    const session = await webkits.stable.open(IOS_APP_UA)
    const states: string[] = []
    try {
      for (const link of links) {
        // Online first, as a phone that opened it before (its user's replies the page keeps are kept; the
        // fake host keeps the token a link set, so each page right before its offline open).
        device.edge.offline = false
        radio.off = false
        await openInChromium(phone.page, device, link.path, [proofOf(link)])
        await openInWebKit(session, device, link.path, [proofOf(link)])
        // No network: the host serves only its packages, the API's origin does not answer.
        device.edge.offline = true
        radio.off = true
        const name = link.route.replace(/^\//, '').replace(/\//g, '-') || 'home'
        const release = (await device.host.choice(link.route))!.release
        const shown = [proofOf(link), NETWORK_FAILURE]
        const chromium = await openInChromium(phone.page, device, link.path, shown)
        await phone.shot(`canary-offline-chromium-${name}`)
        const webkit = await openInWebKit(session, device, link.path, shown)
        // As the app shows it: without the fake host's chip (as PhonePage.shot does).
        await session.execute(`const s = document.createElement('style'); s.textContent = arguments[0]; document.head.append(s)`, [
          '[data-fake-host]:not([data-closed]) { display: none !important; }',
        ])
        writeFileSync(join(SHOTS, `canary-offline-webkit-${name}.png`), await session.screenshot())
        for (const [engine, state] of [
          ['Chromium', chromium],
          ['WebKit', webkit],
        ] as const) {
          expect(state, `${link.route} in ${engine}`).toMatchObject({ release, rollout: { via: 'package' } })
          // Its content (kept replies), or the spec's network failure: never a white screen nor the engine's error page.
          expect(
            state.text.includes(proofOf(link)) || state.text.includes(NETWORK_FAILURE),
            `${link.route} in ${engine}: ${state.text}`,
          ).toBe(true)
          states.push(
            `${link.route} ${engine}: ${state.text.includes(proofOf(link)) ? 'its content' : 'offline'}${state.text.includes('重试') ? ', 重试' : ''}`,
          )
        }
      }
      console.info(`offline opens from the package:\n  ${states.join('\n  ')}`)
    } finally {
      device.edge.offline = false
      radio.off = false
      await session.close()
      await phone.context.close()
    }
  }, 180_000)
})

function flipByte(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes)
  copy[copy.length >> 1] = copy[copy.length >> 1]! ^ 0x20
  return copy
}
