/**
 * Release health by page: each route's releases in the window, the live one (the release that reported
 * last) and the one before it (the other release that reported last), with their rates.
 */
import type { HealthFigures, HealthReply, ReleaseHealth } from '../../../common/telemetry/health.ts'
import type { Counts } from './rule.ts'

/** The rates of a release (or of one client of it); `null` where there are no views to divide by. */
export interface Rates {
  views: number
  error: number | null
  neverReady: number | null
  /** Of the views that tried audio. */
  audioFail: number | null
}

export function ratesOf(f: HealthFigures): Rates {
  const of = (part: number, whole: number) => (whole > 0 ? part / whole : null)
  return {
    views: f.views,
    error: of(f.errorViews, f.views),
    neverReady: of(f.neverReadyViews, f.views),
    audioFail: of(f.audioFailViews, f.audioViews),
  }
}

/** What the decision rule reads of a release. */
export function countsOf(f: HealthFigures): Counts {
  return { views: f.views, error: f.errorViews, neverReady: f.neverReadyViews }
}

export interface PageHealth {
  route: string
  /** Newest first (by when they first reported). */
  releases: ReleaseHealth[]
  /** The release that reported last: what phones run now. */
  live: ReleaseHealth
  /** The other release that reported last: the one the live one replaced (or, after a rollback, the one taken back). */
  before: ReleaseHealth | null
}

/** The reply, by page (routes sorted). */
export function byPage(reply: HealthReply): PageHealth[] {
  const routes = new Map<string, ReleaseHealth[]>()
  for (const r of reply.releases) routes.set(r.route, [...(routes.get(r.route) ?? []), r])
  return [...routes.keys()].sort().map((route) => {
    const releases = routes.get(route)!.sort((a, b) => (a.firstSeen < b.firstSeen ? 1 : a.firstSeen > b.firstSeen ? -1 : 0))
    const byLast = [...releases].sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0))
    return { route, releases, live: byLast[0]!, before: byLast[1] ?? null }
  })
}
