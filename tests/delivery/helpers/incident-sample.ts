/**
 * A realistic week of release health for the health report's tests (and a look at its HTML): nine pages,
 * each with the release it had and the one live now. Two hours ago a deploy made /price_up and
 * /expand_space live; the new /price_up threw on every iOS (WebKit 17) view and none on Android, and its
 * watch took it back six minutes later. /word_share's release of ten hours ago errs on one view in eight
 * (worse by the rule, not taken back). Views come a minute at a time, so the reply of any window (`since`
 * hours back from `now`) has its totals, splits, first and last reports and its series (per minute up to
 * 6 hours, else per hour) from the same views.
 */
import type {
  HealthReply,
  ProblemGroup,
  ReleaseEvent,
  ReleaseHealth,
  RouteDeployments,
  SeriesPoint,
  SplitFigures,
} from '../../../common/telemetry/health'
import { judgedOf } from './fake-health'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** A stretch of a release's life: from..to (ms), views a minute, and who errs. */
interface Stretch {
  from: number
  to: number
  perMinute: number
  /** Error and never-ready rates of the views of each OS (iOS views are WebKit, Android views Blink). */
  error: { ios: number; android: number }
  neverReady: number
  readyP75: number
}

interface Plan {
  route: string
  release: string
  stretches: Stretch[]
  problems?: (seen: { firstSeen: string; lastSeen: string }, errorViews: number) => ProblemGroup[]
}

/** One minute's views of a stretch, split iOS / Android (45 % / 55 %), bad views kept on their running rates. */
/** (The volume follows the stretch's own time, not the clock's, so that a test reads the same counts whenever it runs.) */
function minuteOf(s: Stretch, t: number): { ios: [number, number, number]; android: [number, number, number] } {
  const i = Math.round((t - s.from) / MINUTE)
  const views = (k: number) =>
    Math.round(s.perMinute * (k + 1) * (1 + 0.25 * Math.sin((t - s.from) / (3 * HOUR)))) -
    Math.round(s.perMinute * k * (1 + 0.25 * Math.sin((t - s.from) / (3 * HOUR))))
  const all = Math.max(0, views(i))
  const ios = Math.round(all * 0.45 + (i % 2) * 0.5)
  const android = all - ios
  const bad = (n: number, rate: number, salt: number) =>
    Math.round((i + 1) * n * rate + salt * 0.37) - Math.round(i * n * rate + salt * 0.37)
  return {
    ios: [ios, Math.min(ios, Math.max(0, bad(ios, s.error.ios, 1))), Math.min(ios, Math.max(0, bad(ios, s.neverReady, 2)))],
    android: [
      android,
      Math.min(android, Math.max(0, bad(android, s.error.android, 3))),
      Math.min(android, Math.max(0, bad(android, s.neverReady, 4))),
    ],
  }
}

function releaseOf(plan: Plan, from: number, to: number, step: number): ReleaseHealth | null {
  const os = { ios: [0, 0, 0], android: [0, 0, 0] }
  const series = new Map<number, SeriesPoint>()
  let first = Infinity
  let last = -Infinity
  let p75 = 0
  for (const s of plan.stretches) {
    for (let t = Math.max(from, s.from); t < Math.min(to, s.to); t += MINUTE) {
      const m = minuteOf(s, t)
      const views = m.ios[0] + m.android[0]
      if (views === 0) continue
      first = Math.min(first, t)
      last = Math.max(last, t + MINUTE - 1000)
      for (const k of ['ios', 'android'] as const) for (let j = 0; j < 3; j++) os[k][j]! += m[k][j]!
      const at = Math.floor(t / step) * step
      const point = series.get(at) ?? { at: new Date(at).toISOString(), views: 0, errorViews: 0, neverReadyViews: 0, readyP75: s.readyP75 }
      point.views += views
      point.errorViews += m.ios[1] + m.android[1]
      point.neverReadyViews += m.ios[2] + m.android[2]
      point.readyP75 = Math.round(s.readyP75 * (0.95 + (0.1 * ((at / step) % 3)) / 2))
      series.set(at, point)
      p75 = s.readyP75
    }
  }
  if (first === Infinity) return null
  const counts = (k: 'ios' | 'android') => ({ views: os[k][0]!, errorViews: os[k][1]!, neverReadyViews: os[k][2]! })
  const total = {
    views: os.ios[0]! + os.android[0]!,
    errorViews: os.ios[1]! + os.android[1]!,
    neverReadyViews: os.ios[2]! + os.android[2]!,
  }
  const bySize = (a: SplitFigures, b: SplitFigures) => b.views - a.views
  const part = (n: number, share: number) => Math.round(n * share)
  const figures = (c: typeof total, readyP75: number) => ({
    ...c,
    audioViews: part(c.views, 0.4),
    audioFailViews: part(c.views, 0.003),
    headViews: part(c.neverReadyViews, 0.4),
    droppedProblems: 0,
    lostReports: part(c.views, 0.002),
    p75: { ready: readyP75, fcp: 900, lcp: readyP75 + 300, inp: 110, cls: 0.02, ttfb: 280 },
  })
  // The app runs on both OSes; the browser and WeChat share the rest evenly.
  const clients = {
    app: figures(
      { views: part(total.views, 0.6), errorViews: part(total.errorViews, 0.6), neverReadyViews: part(total.neverReadyViews, 0.6) },
      p75,
    ),
    wechat: figures(
      { views: part(total.views, 0.25), errorViews: part(total.errorViews, 0.25), neverReadyViews: part(total.neverReadyViews, 0.25) },
      p75 + 200,
    ),
    browser: figures(
      {
        views: total.views - part(total.views, 0.6) - part(total.views, 0.25),
        errorViews: total.errorViews - part(total.errorViews, 0.6) - part(total.errorViews, 0.25),
        neverReadyViews: total.neverReadyViews - part(total.neverReadyViews, 0.6) - part(total.neverReadyViews, 0.25),
      },
      p75 - 100,
    ),
  }
  return {
    route: plan.route,
    release: plan.release,
    firstSeen: new Date(first).toISOString(),
    lastSeen: new Date(last).toISOString(),
    total: figures(total, p75),
    byClient: clients,
    byOs: [
      { key: 'ios', ...counts('ios') },
      { key: 'android', ...counts('android') },
    ].sort(bySize),
    byEngine: [
      { key: 'webkit 17', ...counts('ios') },
      { key: 'blink 126', ...counts('android') },
    ].sort(bySize),
    byAppVersion: [
      { key: '3.4.0', views: clients.app.views, errorViews: clients.app.errorViews, neverReadyViews: clients.app.neverReadyViews },
      {
        key: 'none',
        views: total.views - clients.app.views,
        errorViews: total.errorViews - clients.app.errorViews,
        neverReadyViews: total.neverReadyViews - clients.app.neverReadyViews,
      },
    ].sort(bySize),
    byCohort: [{ key: 'none', views: total.views, errorViews: total.errorViews, neverReadyViews: total.neverReadyViews }],
    byVia: [{ key: 'none', views: total.views, errorViews: total.errorViews, neverReadyViews: total.neverReadyViews }],
    topProblems:
      plan.problems?.({ firstSeen: new Date(first).toISOString(), lastSeen: new Date(last).toISOString() }, total.errorViews) ?? [],
    series: [...series.values()].sort((a, b) => a.at.localeCompare(b.at)),
    judged: judgedOf(total.views, total.errorViews, total.neverReadyViews, p75),
    byCohortJudged: null,
  }
}

export const INCIDENT = {
  priceOld: '1afdab25ff64',
  priceBroken: '56abd83b498f',
  expandOld: '9c0ffee12345',
  expandNew: 'c8747694a050',
  wordOld: '7240bec3bb9b',
  wordNew: '65efa869e823',
}

const ok = { ios: 0.01, android: 0.012 }

/** The week: plans and the deploys' events, relative to `now`. */
function week(now: number): { plans: Plan[]; events: ReleaseEvent[] } {
  const start = now - 9 * 24 * HOUR
  const deploy = now - 2 * HOUR - 10 * MINUTE
  const back = deploy + 6 * MINUTE
  const wordDeploy = now - 10 * HOUR
  const plain = (route: string, old: string, next: string, at: number, perMinute: number, readyP75: number): Plan[] => [
    { route, release: old, stretches: [{ from: start, to: at, perMinute, error: ok, neverReady: 0.04, readyP75 }] },
    { route, release: next, stretches: [{ from: at, to: now, perMinute, error: ok, neverReady: 0.04, readyP75: readyP75 - 40 }] },
  ]
  const plans: Plan[] = [
    ...plain('/', 'aa11bb22cc33', 'dd44ee55ff66', now - 4 * 24 * HOUR, 6, 1200),
    ...plain('/generate_book/list', '0a0b0c0d0e0f', '1a1b1c1d1e1f', now - 5 * 24 * HOUR, 1, 1600),
    ...plain('/recorded_share', '2a2b2c2d2e2f', '3a3b3c3d3e3f', now - 3 * 24 * HOUR, 1.5, 1300),
    ...plain('/space_upgrade', '4a4b4c4d4e4f', '5a5b5c5d5e5f', now - 6 * 24 * HOUR, 1, 1500),
    ...plain('/vip_sale', '6a6b6c6d6e6f', '7a7b7c7d7e7f', now - 2 * 24 * HOUR, 2, 1400),
    ...plain('/wechat', '8a8b8c8d8e8f', '9a9b9c9d9e9f', now - 4 * 24 * HOUR, 0.8, 1250),
    ...plain('/expand_space', INCIDENT.expandOld, INCIDENT.expandNew, deploy, 1.2, 1500),
    {
      route: '/price_up',
      release: INCIDENT.priceOld,
      stretches: [
        { from: start, to: deploy, perMinute: 8, error: ok, neverReady: 0.04, readyP75: 1350 },
        { from: back, to: now, perMinute: 8, error: ok, neverReady: 0.04, readyP75: 1350 },
      ],
      problems: (seen, errors) => [
        {
          kind: 'api',
          message: 'GET /v1/vip/price 502',
          file: null,
          frame: null,
          endpoint: '/v1/vip/price',
          status: 502,
          views: errors,
          ...seen,
        },
      ],
    },
    {
      route: '/price_up',
      release: INCIDENT.priceBroken,
      stretches: [{ from: deploy, to: back, perMinute: 8, error: { ios: 1, android: 0 }, neverReady: 0.02, readyP75: 1420 }],
      problems: (seen, errors) => [
        {
          kind: 'error',
          message: "TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.pay.postMessage')",
          file: '/assets/price-up-Cq1xT9aZ.js',
          frame: '/assets/price-up-Cq1xT9aZ.js:1:4210',
          endpoint: null,
          status: null,
          views: errors,
          ...seen,
        },
      ],
    },
    {
      route: '/word_share',
      release: INCIDENT.wordOld,
      stretches: [{ from: start, to: wordDeploy, perMinute: 3, error: ok, neverReady: 0.04, readyP75: 1450 }],
    },
    {
      route: '/word_share',
      release: INCIDENT.wordNew,
      stretches: [{ from: wordDeploy, to: now, perMinute: 3, error: { ios: 0.02, android: 0.2 }, neverReady: 0.05, readyP75: 1900 }],
      problems: (seen, errors) => [
        {
          kind: 'error',
          message: "TypeError: Cannot read properties of undefined (reading 'uk')",
          file: '/assets/word-share-Bx3k9QzA.js',
          frame: '/assets/word-share-Bx3k9QzA.js:1:8812',
          endpoint: null,
          status: null,
          views: errors,
          ...seen,
        },
      ],
    },
  ]
  const at = (t: number) => new Date(t).toISOString()
  const events: ReleaseEvent[] = []
  const routes = [...new Set(plans.map((p) => p.route))]
  for (const route of routes) {
    const [old, next] = plans.filter((p) => p.route === route)
    events.push({ at: at(start - HOUR), route, release: old!.release, kind: 'live', run: '0001-first' })
    events.push({
      at: at(next!.stretches[0]!.from),
      route,
      release: next!.release,
      kind: 'live',
      run: route === '/word_share' ? '0002-word' : '0002-deploy',
    })
  }
  events.push({ at: at(deploy), route: '/price_up', release: INCIDENT.priceBroken, kind: 'live', run: '0003-20261127T101500Z' })
  events.push({ at: at(back), route: '/price_up', release: INCIDENT.priceBroken, kind: 'taken-back', run: '0004-20261127T102100Z' })
  events.push({ at: at(back), route: '/price_up', release: INCIDENT.priceOld, kind: 'rollback', run: '0004-20261127T102100Z' })
  // /price_up's old release is its first one here: drop the generic second "live" of it.
  return {
    plans,
    events: events.filter((e) => !(e.route === '/price_up' && e.run === '0002-deploy')).sort((a, b) => a.at.localeCompare(b.at)),
  }
}

/** The reply of the last `sinceHours` hours before `now`, as the reference server would give it. */
export function incidentReply(sinceHours: number, now = Date.now()): HealthReply {
  const { plans, events } = week(now)
  const from = now - sinceHours * HOUR
  const step = sinceHours <= 6 ? MINUTE : HOUR
  const releases = plans.flatMap((p) => releaseOf(p, from, now, step) ?? [])
  const deployments: RouteDeployments[] = [...new Set(plans.map((p) => p.route))].map((route) => {
    const all = events.filter((e) => e.route === route)
    const before = all.filter((e) => Date.parse(e.at) < from)
    const inside = all.filter((e) => Date.parse(e.at) >= from)
    const live = all.at(-1)!.release
    const previous = [...all].reverse().find((e) => e.release !== live)?.release ?? null
    return { route, live, previous, canary: null, events: [...before.slice(-1), ...inside] }
  })
  return {
    since: new Date(from).toISOString(),
    until: new Date(now).toISOString(),
    cohortsFrom: null,
    step: step === MINUTE ? 'minute' : 'hour',
    releases: releases.sort((a, b) => a.route.localeCompare(b.route) || b.firstSeen.localeCompare(a.firstSeen)),
    deployments,
    notCounted: { unknownRelease: 14, overBudget: 0, diskReserve: 0 },
  }
}
