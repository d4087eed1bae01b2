/**
 * A small stand-in for the reference server's `GET /ops/release-health` (docs/telemetry.md) and
 * `POST /ops/releases`: serves the `HealthReply` a test gives (or computes per request), in the API's
 * envelope, behind an optional token, counts the requests and keeps the deploy events it is told. Plus a
 * builder of plausible releases from hourly counts (common/telemetry/health.ts).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  HealthFigures,
  HealthReply,
  JudgedFigures,
  ReleaseEvent,
  ReleaseHealth,
  RouteDeployments,
} from '../../../common/telemetry/health'
import { bucketOf, emptyHistogram, MS_BUCKETS } from '../../../common/telemetry/histogram'
import type { ClientKind } from '../../../common/telemetry/report'

export interface FakeHealth {
  url: string
  /** What the next request gets: a reply, or an HTTP status to answer with instead. */
  reply: (query: { since: number; route: string | null }) => HealthReply | number
  requests: { since: number; route: string | null; authorization: string | null }[]
  /** The events deploys posted (`POST /ops/releases`), with the time the fake received them. */
  events: ReleaseEvent[]
  /** Answer `POST /ops/releases` with this status instead (a health API that cannot be told). */
  refuseEvents: number | null
  stop(): Promise<void>
}

export async function startFakeHealth(token: string | null = null): Promise<FakeHealth> {
  const fake: FakeHealth = { url: '', reply: () => 503, requests: [], events: [], refuseEvents: null, stop: async () => {} }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const refuse = () =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'UNAUTHORIZED', data: null, msg: '需要运维令牌' }))
    if (url.pathname === '/ops/releases' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        if (token && req.headers.authorization !== `Bearer ${token}`) return void refuse()
        if (fake.refuseEvents) return void res.writeHead(fake.refuseEvents, { 'content-type': 'text/plain' }).end('unavailable')
        const { events } = JSON.parse(body) as { events: Omit<ReleaseEvent, 'at'>[] }
        const at = new Date().toISOString()
        fake.events.push(...events.map((e) => ({ ...e, at })))
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ result: 'SUCCESS', data: { events: events.length }, msg: '' }))
      })
      return
    }
    if (url.pathname !== '/ops/release-health') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>')
    const query = { since: Number(url.searchParams.get('since') ?? 24), route: url.searchParams.get('route') }
    fake.requests.push({ ...query, authorization: req.headers.authorization ?? null })
    if (token && req.headers.authorization !== `Bearer ${token}`) return void refuse()
    const answer = fake.reply(query)
    if (typeof answer === 'number') return void res.writeHead(answer, { 'content-type': 'text/plain' }).end('unavailable')
    const data = {
      ...answer,
      releases: answer.releases.filter((r) => !query.route || r.route === query.route),
      deployments: answer.deployments.filter((d) => !query.route || d.route === query.route),
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'SUCCESS', data, msg: '' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.stop = () => new Promise((resolve) => server.close(() => resolve()))
  return fake
}

/** One hour of a release: its views and how many of them had an error or never got ready. */
export interface Hour {
  hour: string
  views: number
  errorViews: number
  neverReadyViews: number
  readyP75?: number
}

/** A histogram of `n` ready times around `p75` (a quarter above it, spread over a few buckets). */
export function readyHistogram(n: number, p75: number): number[] {
  const histogram = emptyHistogram(MS_BUCKETS)
  for (let i = 0; i < n; i++) {
    // Evenly through the quantiles of a log-normal-ish spread whose 75th percentile is p75.
    const q = (i + 0.5) / n
    const value = p75 * Math.exp(0.5 * (q - 0.75) * 3)
    histogram[bucketOf(value, MS_BUCKETS)]!++
  }
  return histogram
}

const figures = (views: number, errorViews: number, neverReadyViews: number, p75: Partial<HealthFigures['p75']> = {}): HealthFigures => ({
  views,
  errorViews,
  neverReadyViews,
  audioViews: Math.round(views * 0.4),
  audioFailViews: Math.round(views * 0.004),
  headViews: Math.round(neverReadyViews / 2),
  droppedProblems: 0,
  lostReports: 0,
  p75: { ready: 1400, fcp: 900, lcp: 1800, inp: 120, cls: 0.02, ttfb: 300, ...p75 },
})

/** What the rule reads of a release with these counts, no source set aside. */
export function judgedOf(
  views: number,
  errorViews: number,
  neverReadyViews: number,
  readyP75 = 1400,
  lcpP75: number | null = 1800,
): JudgedFigures {
  const ready = views - neverReadyViews
  return {
    sources: Math.max(1, Math.round(views * 0.8)),
    // A view a source: the three with the most bad views hold three of them.
    error: { views, bad: errorViews, setAside: [], topThree: { views: Math.min(3, views), bad: Math.min(3, errorViews) } },
    neverReady: { views, bad: neverReadyViews, setAside: [], topThree: { views: Math.min(3, views), bad: Math.min(3, neverReadyViews) } },
    ready: { histogram: readyHistogram(ready, readyP75), setAside: [] },
    lcp: { histogram: lcpP75 === null ? emptyHistogram(MS_BUCKETS) : readyHistogram(ready, lcpP75), setAside: [] },
  }
}

/** A release's health from its hours; the views split across clients by `share` (app 60 %, WeChat 25 %, browser 15 %). */
export function releaseHealth(
  route: string,
  release: string,
  hours: readonly Hour[],
  options: {
    share?: Partial<Record<ClientKind, number>>
    p75?: Partial<HealthFigures['p75']>
    problems?: ReleaseHealth['topProblems']
    /** Not a release a deploy made live: no judged figures. */
    undeployed?: boolean
  } = {},
): ReleaseHealth {
  const sum = (key: 'views' | 'errorViews' | 'neverReadyViews') => hours.reduce((s, h) => s + h[key], 0)
  const views = sum('views')
  const share = options.share ?? { app: 0.6, wechat: 0.25, browser: 0.15 }
  const part = (n: number, p: number) => Math.round(n * p)
  const byClient = Object.fromEntries(
    Object.entries(share).map(([client, p]) => [
      client,
      figures(part(views, p!), part(sum('errorViews'), p!), part(sum('neverReadyViews'), p!), options.p75),
    ]),
  )
  const split = (keys: [string, number][]) =>
    keys.map(([key, p]) => ({
      key,
      views: part(views, p),
      errorViews: part(sum('errorViews'), p),
      neverReadyViews: part(sum('neverReadyViews'), p),
    }))
  const p75 = { ready: 1400, lcp: 1800, ...options.p75 }
  return {
    route,
    release,
    firstSeen: hours[0]?.hour ?? new Date().toISOString(),
    lastSeen: new Date(Date.parse(hours.at(-1)?.hour ?? new Date().toISOString()) + 59 * 60_000).toISOString(),
    total: figures(views, sum('errorViews'), sum('neverReadyViews'), options.p75),
    byClient,
    byOs: split([
      ['android', 0.55],
      ['ios', 0.45],
    ]),
    byEngine: split([
      ['blink 124', 0.55],
      ['webkit 17', 0.45],
    ]),
    byAppVersion: split([
      ['none', 0.4],
      ['3.4.0', 0.6],
    ]),
    byCohort: split([['none', 1]]),
    byVia: split([['none', 1]]),
    topProblems: options.problems ?? [],
    series: hours.map((h) => ({
      at: h.hour,
      views: h.views,
      errorViews: h.errorViews,
      neverReadyViews: h.neverReadyViews,
      readyP75: h.readyP75 ?? p75.ready,
    })),
    judged: options.undeployed ? null : judgedOf(views, sum('errorViews'), sum('neverReadyViews'), p75.ready ?? 1400, p75.lcp),
    byCohortJudged: null,
  }
}

/** A problem group as the reply names one. */
export function problem(
  kind: string,
  message: string,
  views: number,
  where: Partial<ReleaseHealth['topProblems'][number]> = {},
): ReleaseHealth['topProblems'][number] {
  const now = new Date().toISOString()
  return { kind, message, file: null, frame: null, endpoint: null, status: null, views, firstSeen: now, lastSeen: now, ...where }
}

/** A route whose deploys made `previous` then `live` live (`at`: the live one's deploy). */
export function deployedRoute(
  route: string,
  live: string,
  previous: string | null,
  at = new Date(Date.now() - 6 * 3_600_000).toISOString(),
): RouteDeployments {
  const events: ReleaseEvent[] = []
  if (previous)
    events.push({ at: new Date(Date.parse(at) - 86_400_000).toISOString(), route, release: previous, kind: 'live', run: '0001-test' })
  events.push({ at, route, release: live, kind: 'live', run: '0002-test' })
  return { route, live, previous, canary: null, events }
}

/** A reply of `releases`, every route's newest one live (deployed 6 hours ago) and the other before it. */
export function replyOf(releases: ReleaseHealth[], options: { sinceHours?: number; deployments?: RouteDeployments[] } = {}): HealthReply {
  const now = Date.now()
  const routes = [...new Set(releases.map((r) => r.route))]
  return {
    since: new Date(now - (options.sinceHours ?? 24) * 3_600_000).toISOString(),
    until: new Date(now).toISOString(),
    step: (options.sinceHours ?? 24) <= 6 ? 'minute' : 'hour',
    cohortsFrom: null,
    releases,
    deployments:
      options.deployments ??
      routes.map((route) => {
        const mine = releases.filter((r) => r.route === route).sort((a, b) => b.firstSeen.localeCompare(a.firstSeen))
        return deployedRoute(route, mine[0]!.release, mine[1]?.release ?? null, mine[0]!.firstSeen)
      }),
    notCounted: { unknownRelease: 0, overBudget: 0, diskReserve: 0 },
  }
}

/** ISO start of the hour `n` hours before `now`'s hour. */
export function hourAgo(n: number, now = Date.now()): string {
  const start = Math.floor(now / 3_600_000) * 3_600_000
  return new Date(start - n * 3_600_000).toISOString()
}
