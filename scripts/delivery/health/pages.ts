/**
 * Release health as a report, the facts `npm run health` prints as text, JSON and HTML alike: the pages
 * with a verdict first (taken back in the window, then worse, then slower), then the rest; per page the
 * live and previous releases as the deployments name them, each release's role, first and last report,
 * figures, problems and splits (parts with errors first), and the span its charts draw: per minute around
 * a recent incident, else per hour over the window.
 */
import type {
  HealthFigures,
  HealthReply,
  NotCounted,
  ProblemGroup,
  ReleaseEvent,
  ReleaseHealth,
  SeriesPoint,
  ViewCounts,
} from '../../../common/telemetry/health.ts'
import { SERIES_MINUTE_HOURS } from '../../../common/telemetry/health.ts'
import { CLIENT_KINDS } from '../../../common/telemetry/report.ts'

/** The rates of a release (or of one client of it); `null` where there are no views to divide by. */
export interface Rates {
  views: number
  error: number | null
  neverReady: number | null
  /** Of the views that tried audio. */
  audioFail: number | null
}

const of = (part: number, whole: number) => (whole > 0 ? part / whole : null)

export function ratesOf(f: HealthFigures): Rates {
  return {
    views: f.views,
    error: of(f.errorViews, f.views),
    neverReady: of(f.neverReadyViews, f.views),
    audioFail: of(f.audioFailViews, f.audioViews),
  }
}

/** What the rule (rule.ts) reads of a release's totals. */
export function countsOf(f: HealthFigures): { views: number; error: number; neverReady: number } {
  return { views: f.views, error: f.errorViews, neverReady: f.neverReadyViews }
}

/** The rule's verdict on a page's live release against its previous one (gate.ts), as the report reads it. */
export interface PageVerdictInput {
  route: string
  live: string
  previous: string | null
  /** `null`: not judged (the live release has no reports in the window the verdicts were read on). */
  verdict: { kind: 'worse' | 'slower' | 'fine' | 'too-few'; why: string } | null
}

/** Why a page comes first: a watch took a release of it back in the window, or the rule finds its live release worse or slower. */
export type Standing = 'taken back' | 'worse' | 'slower'
const STANDINGS: readonly (Standing | null)[] = ['taken back', 'worse', 'slower', null]

/** A release's place on its page: live now, on a share of app devices (a canary), taken back in the window, the one live before the live one, or older. */
export type Role = 'live' | 'canary' | 'taken back' | 'before it' | 'older'
const ROLES: readonly Role[] = ['live', 'canary', 'taken back', 'before it', 'older']

/** One part of a split (a client, an OS, an engine with its major version, an app version, a cohort, where the app took the page from). */
export interface SplitPart extends ViewCounts {
  key: string
  /** Of all the release's views. */
  share: number | null
  errorRate: number | null
  neverReadyRate: number | null
  /** A client's p75 of ready (the other splits have none). */
  readyP75?: number | null
}

export interface ReleaseReport {
  release: string
  role: Role
  firstSeen: string
  lastSeen: string
  /** Views, rates, p75s, and what was lost: `headViews` (reported by the HTML's head alone), `droppedProblems`, `lostReports`. */
  total: HealthFigures
  rates: Rates
  /** Each split with the parts that had errors first (most errors first), then never-ready views, then views. */
  split: { client: SplitPart[]; os: SplitPart[]; engine: SplitPart[]; appVersion: SplitPart[]; cohort: SplitPart[]; via: SplitPart[] }
  problems: ProblemGroup[]
  /** The points the charts draw (per `chart.step`, within the chart's span). */
  series: SeriesPoint[]
}

export interface PageReport {
  route: string
  standing: Standing | null
  /** As the deployments say (`null`: no deploy told the API about this page). */
  live: string | null
  previous: string | null
  /** The release on a share of app devices beside the live one (`null`: none). */
  canary: string | null
  verdict: PageVerdictInput['verdict']
  /** The deploys' marks in the window, oldest first. */
  events: ReleaseEvent[]
  /** Live, taken back, before it, older; each role newest first. Only releases with reports in the window. */
  releases: ReleaseReport[]
  /** What the charts draw: per minute around an incident of the last hours, else per hour over the window. */
  chart: { step: 'minute' | 'hour'; from: string; to: string }
}

export interface HealthReport {
  since: string
  until: string
  /** The window the verdicts were read on (7 days for `--gate`). */
  judgedOn: { since: string; until: string }
  notCounted: NotCounted
  pages: PageReport[]
}

/** The parts of a split, those with errors first. */
function parts(total: number, list: readonly (ViewCounts & { key: string; readyP75?: number | null })[]): SplitPart[] {
  return list
    .map((p) => ({ ...p, share: of(p.views, total), errorRate: of(p.errorViews, p.views), neverReadyRate: of(p.neverReadyViews, p.views) }))
    .sort((a, b) => b.errorViews - a.errorViews || b.neverReadyViews - a.neverReadyViews || b.views - a.views)
}

function splitOf(r: ReleaseHealth): ReleaseReport['split'] {
  const clients = CLIENT_KINDS.flatMap((key) => {
    const f = r.byClient[key]
    return f && f.views > 0
      ? [{ key, views: f.views, errorViews: f.errorViews, neverReadyViews: f.neverReadyViews, readyP75: f.p75.ready }]
      : []
  })
  const views = r.total.views
  return {
    client: parts(views, clients),
    os: parts(views, r.byOs),
    engine: parts(views, r.byEngine),
    appVersion: parts(views, r.byAppVersion),
    // Outside a rollout every view is `none` here: nothing to show.
    cohort: parts(views, r.byCohort.some((p) => p.key !== 'none') ? r.byCohort : []),
    via: parts(views, r.byVia.some((p) => p.key !== 'none') ? r.byVia : []),
  }
}

/** The routes of the reply: those with reports, and those with a deploy's mark in the window. */
function routesOf(reply: HealthReply): string[] {
  const since = Date.parse(reply.since)
  const marked = reply.deployments.filter((d) => d.events.some((e) => Date.parse(e.at) >= since)).map((d) => d.route)
  return [...new Set([...reply.releases.map((r) => r.route), ...marked])]
}

const MINUTE = 60_000
const HOUR = 3_600_000

/** What a page is before its figures: its deployments, marks in the window, standing, and the span to zoom its charts to. */
interface Plan {
  route: string
  live: string | null
  previous: string | null
  canary: string | null
  events: ReleaseEvent[]
  takenBack: Set<string>
  verdict: PageVerdictInput['verdict']
  standing: Standing | null
  zoom: { from: number; to: number } | null
}

/**
 * The span of a page's incident, to draw per minute: from a little before its first mark of the last
 * SERIES_MINUTE_HOURS hours (a quarter of the incident, at least 15 minutes) to now, or, once a release
 * was taken back, to a while after the last mark (the recovery, not hours of a healthy page). At least
 * 30 minutes. `null` without a mark in those hours.
 */
function zoomOf(events: readonly ReleaseEvent[], standing: Standing | null, until: number): Plan['zoom'] {
  const recent = until - SERIES_MINUTE_HOURS * HOUR
  const marks = events.map((e) => Date.parse(e.at)).filter((t) => t >= recent && t <= until)
  if (marks.length === 0) return null
  const first = Math.min(...marks)
  const last = Math.max(...marks)
  const pad = Math.max(15 * MINUTE, (last - first) / 4)
  const to = standing === 'taken back' ? Math.min(until, last + Math.max(pad, 45 * MINUTE)) : until
  const from = Math.max(recent, Math.min(first - pad, to - 30 * MINUTE))
  return { from: Math.floor(from / MINUTE) * MINUTE, to: Math.min(until, Math.ceil(to / MINUTE) * MINUTE) }
}

function plansOf(reply: HealthReply, verdicts: readonly PageVerdictInput[]): Plan[] {
  const since = Date.parse(reply.since)
  return routesOf(reply)
    .map((route): Plan => {
      const deployed = reply.deployments.find((d) => d.route === route) ?? null
      const events = (deployed?.events ?? []).filter((e) => Date.parse(e.at) >= since)
      const takenBack = new Set(events.filter((e) => e.kind === 'taken-back').map((e) => e.release))
      const verdict = verdicts.find((v) => v.route === route)?.verdict ?? null
      const standing: Standing | null =
        takenBack.size > 0 ? 'taken back' : verdict?.kind === 'worse' ? 'worse' : verdict?.kind === 'slower' ? 'slower' : null
      const zoom = zoomOf(events, standing, Date.parse(reply.until))
      return {
        route,
        live: deployed?.live ?? null,
        previous: deployed?.previous ?? null,
        canary: deployed?.canary ?? null,
        events,
        takenBack,
        verdict,
        standing,
        zoom,
      }
    })
    .sort((a, b) => STANDINGS.indexOf(a.standing) - STANDINGS.indexOf(b.standing) || a.route.localeCompare(b.route))
}

/**
 * The hours of a per-minute reply (`since`, at most SERIES_MINUTE_HOURS) that hold every page's incident
 * span, or `null` when no page has one, or `reply` is per minute already.
 */
export function zoomHours(reply: HealthReply, verdicts: readonly PageVerdictInput[]): number | null {
  if (reply.step === 'minute') return null
  const froms = plansOf(reply, verdicts).flatMap((p) => (p.zoom ? [p.zoom.from] : []))
  if (froms.length === 0) return null
  return Math.min(SERIES_MINUTE_HOURS, Math.max(1, Math.ceil((Date.parse(reply.until) - Math.min(...froms)) / HOUR)))
}

/**
 * The report. `verdicts`: the rule's, read on `judgedOn` (the reply's own window when absent). `minutes`:
 * the per-minute reply of zoomHours' hours, for the pages with a recent incident; without it their charts
 * are drawn per hour over the window (per minute if `reply` is).
 */
export function healthReport(
  reply: HealthReply,
  verdicts: readonly PageVerdictInput[],
  minutes: HealthReply | null = null,
  judgedOn: { since: string; until: string } = reply,
): HealthReport {
  const fine = reply.step === 'minute' ? reply : minutes?.step === 'minute' ? minutes : null
  const pages = plansOf(reply, verdicts).map((plan): PageReport => {
    const { route, takenBack } = plan
    const roleOf = (release: string): Role =>
      release === plan.live
        ? 'live'
        : release === plan.canary
          ? 'canary'
          : takenBack.has(release)
            ? 'taken back'
            : release === plan.previous
              ? 'before it'
              : 'older'
    const zoom = fine && plan.zoom ? { from: Math.max(plan.zoom.from, Date.parse(fine.since)), to: plan.zoom.to } : null
    const source = zoom ? fine! : reply
    const chart: PageReport['chart'] = zoom
      ? { step: 'minute', from: new Date(zoom.from).toISOString(), to: new Date(zoom.to).toISOString() }
      : { step: reply.step, from: reply.since, to: reply.until }
    const from = Date.parse(chart.from) - (chart.step === 'minute' ? MINUTE : HOUR)
    const inChart = (p: SeriesPoint) => Date.parse(p.at) > from && Date.parse(p.at) <= Date.parse(chart.to)
    const releases = reply.releases
      .filter((r) => r.route === route)
      .map((r): ReleaseReport => ({
        release: r.release,
        role: roleOf(r.release),
        firstSeen: r.firstSeen,
        lastSeen: r.lastSeen,
        total: r.total,
        rates: ratesOf(r.total),
        split: splitOf(r),
        problems: r.topProblems,
        series: (source.releases.find((s) => s.route === route && s.release === r.release)?.series ?? []).filter(inChart),
      }))
      .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || b.firstSeen.localeCompare(a.firstSeen))
    return {
      route,
      standing: plan.standing,
      live: plan.live,
      previous: plan.previous,
      canary: plan.canary,
      verdict: plan.verdict,
      events: plan.events,
      releases,
      chart,
    }
  })
  return {
    since: reply.since,
    until: reply.until,
    judgedOn: { since: judgedOn.since, until: judgedOn.until },
    notCounted: reply.notCounted,
    pages,
  }
}

/**
 * The release a page is about and the one it is held against: the release taken back against the live
 * one (else the one before it); otherwise the live one against the one before it.
 */
export function subjectOf(page: PageReport): { subject: ReleaseReport | null; reference: ReleaseReport | null } {
  const find = (role: Role) => page.releases.find((r) => r.role === role) ?? null
  const taken = page.standing === 'taken back' ? find('taken back') : null
  if (taken) return { subject: taken, reference: find('live') ?? find('before it') }
  return { subject: find('live'), reference: find('before it') }
}

/** A page's health as today's gate reads it: the live and previous releases the deployments name, with their figures. */
export interface PageHealth {
  route: string
  live: ReleaseHealth
  before: ReleaseHealth | null
}

/** Each deployed page whose live release has reports in the reply, with its previous release's (if it has any). */
export function deployedPages(reply: HealthReply): PageHealth[] {
  const find = (route: string, release: string | null) => reply.releases.find((r) => r.route === route && r.release === release) ?? null
  return reply.deployments.flatMap((d) => {
    const live = find(d.route, d.live)
    return live ? [{ route: d.route, live, before: find(d.route, d.previous) }] : []
  })
}
