/**
 * A small stand-in for the reference server's `GET /ops/release-health` (docs/telemetry.md): serves the
 * `HealthReply` a test gives (or computes per request), in the API's envelope, behind an optional token,
 * and counts the requests. Plus a builder of plausible replies from hourly counts.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HealthFigures, HealthReply, ReleaseHealth } from '../../../common/telemetry/health'
import type { ClientKind } from '../../../common/telemetry/report'

export interface FakeHealth {
  url: string
  /** What the next request gets: a reply, or an HTTP status to answer with instead. */
  reply: (query: { since: number; route: string | null }) => HealthReply | number
  requests: { since: number; route: string | null; authorization: string | null }[]
  stop(): Promise<void>
}

export async function startFakeHealth(token: string | null = null): Promise<FakeHealth> {
  const fake: FakeHealth = { url: '', reply: () => 503, requests: [], stop: async () => {} }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname !== '/ops/release-health') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>')
    const query = { since: Number(url.searchParams.get('since') ?? 24), route: url.searchParams.get('route') }
    fake.requests.push({ ...query, authorization: req.headers.authorization ?? null })
    if (token && req.headers.authorization !== `Bearer ${token}`) {
      return void res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'UNAUTHORIZED', data: null, msg: '需要运维令牌' }))
    }
    const answer = fake.reply(query)
    if (typeof answer === 'number') return void res.writeHead(answer, { 'content-type': 'text/plain' }).end('unavailable')
    const data = { ...answer, releases: answer.releases.filter((r) => !query.route || r.route === query.route) }
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

const figures = (views: number, errorViews: number, neverReadyViews: number, p75: Partial<HealthFigures['p75']> = {}): HealthFigures => ({
  views,
  errorViews,
  neverReadyViews,
  audioViews: Math.round(views * 0.4),
  audioFailViews: Math.round(views * 0.004),
  p75: { ready: 1400, fcp: 900, lcp: 1800, inp: 120, cls: 0.02, ttfb: 300, ...p75 },
})

/** A release's health from its hours; the views split across clients by `share` (app 60 %, WeChat 25 %, browser 15 %). */
export function releaseHealth(
  route: string,
  release: string,
  hours: readonly Hour[],
  options: {
    share?: Partial<Record<ClientKind, number>>
    p75?: Partial<HealthFigures['p75']>
    problems?: ReleaseHealth['topProblems']
  } = {},
): ReleaseHealth {
  const sum = (key: 'views' | 'errorViews' | 'neverReadyViews') => hours.reduce((s, h) => s + h[key], 0)
  const views = sum('views')
  const share = options.share ?? { app: 0.6, wechat: 0.25, browser: 0.15 }
  const byClient = Object.fromEntries(
    Object.entries(share).map(([client, part]) => [
      client,
      figures(Math.round(views * part!), Math.round(sum('errorViews') * part!), Math.round(sum('neverReadyViews') * part!), options.p75),
    ]),
  )
  return {
    route,
    release,
    firstSeen: hours[0]?.hour ?? new Date().toISOString(),
    lastSeen: new Date(Date.parse(hours.at(-1)?.hour ?? new Date().toISOString()) + 59 * 60_000).toISOString(),
    total: figures(views, sum('errorViews'), sum('neverReadyViews'), options.p75),
    byClient,
    topProblems: options.problems ?? [],
    hourly: hours.map((h) => ({
      hour: h.hour,
      views: h.views,
      errorViews: h.errorViews,
      neverReadyViews: h.neverReadyViews,
      readyP75: h.readyP75 ?? 1400,
    })),
  }
}

/** ISO start of the hour `n` hours before `now`'s hour. */
export function hourAgo(n: number, now = Date.now()): string {
  const start = Math.floor(now / 3_600_000) * 3_600_000
  return new Date(start - n * 3_600_000).toISOString()
}
