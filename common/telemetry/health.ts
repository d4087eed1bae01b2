/**
 * Release health as the reference server answers it (`GET /ops/release-health`, docs/telemetry.md
 * "Reading it back"): per page and release, the figures the health command prints and the figures the
 * deploy's watch and `--gate` decide on. Read from rollups kept as reports arrive, never from a scan of
 * the raw reports. Imports only its siblings.
 */
import type { ClientKind } from './report'

/** Counts of a set of views (one release, or one part of it). */
export interface ViewCounts {
  /** Distinct views (sampled: what arrived). */
  views: number
  /** Views with a problem of ERROR_KINDS, or an `api` problem with status 0, ≥ 500 or API_ERROR_STATUSES. */
  errorViews: number
  /** Views whose latest report has `ready: null`: left (or still open) before the data showed. */
  neverReadyViews: number
}

export interface HealthFigures extends ViewCounts {
  /** Views that played or tried to play audio. */
  audioViews: number
  /** Views with a problem of AUDIO_KINDS. */
  audioFailViews: number
  /** Views reported by the HTML's head alone: left before the reporter took over. */
  headViews: number
  /** Problems the phones counted but could not list (over 30 in a view). */
  droppedProblems: number
  /** Reports the phones had to drop (the reports' `lost`). */
  lostReports: number
  /** 75th percentiles over the views that have the figure (ms; `cls` unitless), from the histograms; null without any. */
  p75: { ready: number | null; fcp: number | null; lcp: number | null; inp: number | null; cls: number | null; ttfb: number | null }
}

/** One part of a release's views: `key` is a client (`app`), an OS (`ios`), an engine with its major version (`webkit 17`), an app version (`2.12.0`, or `none`). */
export interface SplitFigures extends ViewCounts {
  key: string
}

/**
 * A kind of problem, grouped by where it happened (docs/telemetry.md "Problems"): kind, and the first of
 * frame, file, endpoint with status, or message that it has. `message` is one of its messages.
 */
export interface ProblemGroup {
  kind: string
  message: string
  file: string | null
  frame: string | null
  endpoint: string | null
  status: number | null
  /** Views that had it. */
  views: number
  /** ISO times of the first and last report that had it. */
  firstSeen: string
  lastSeen: string
}

/** A point of a release's series: one minute or one hour (ISO start). */
export interface SeriesPoint extends ViewCounts {
  at: string
  readyP75: number | null
}

/**
 * What the decision rule reads of a deployed release (scripts/delivery/health/rule.ts), after the views of
 * at most TRIM_SOURCES sources that stand out from the rest were set aside in each direction
 * (common/telemetry/robust.ts, docs/telemetry.md "Who can move a decision").
 */
export interface JudgedFigures {
  /** Distinct sources (keyed address buckets) with views. */
  sources: number
  error: JudgedRate
  neverReady: JudgedRate
  /** Histograms of MS_BUCKETS (common/telemetry/histogram.ts) over the views with the figure. */
  ready: JudgedTimes
  lcp: JudgedTimes
}

/** Sources set aside for one figure: their views and bad views (or values), and which way they pulled. */
export interface SetAside {
  /** `up`: more bad (or slower) than the rest; `down`: fewer (or faster). */
  pull: 'up' | 'down'
  views: number
  /** For a rate: the bad views among them. */
  bad: number
}

export interface JudgedRate {
  views: number
  bad: number
  setAside: SetAside[]
  /**
   * Of the views counted, the three sources with the most bad views, together: a release judged worse must
   * be worse without them too (no three addresses decide a rollback alone, however they pace their reports).
   */
  topThree: { views: number; bad: number }
}

export interface JudgedTimes {
  histogram: number[]
  setAside: SetAside[]
}

/** A deploy's mark on a route: the deploy tool tells the API (`POST /ops/releases`). */
export interface ReleaseEvent {
  /** ISO time. */
  at: string
  route: string
  release: string
  /**
   * `live`: a deploy made it live (or promoted its canary); `rollback`: a rollback (by hand or by a watch) made it live
   * again; `taken-back`: a watch took it back; `canary`: a deploy gave it to a share of app devices (the route's stable
   * release stays live); `aborted`: its canary was taken away (by hand or by a canary watch).
   */
  kind: 'live' | 'rollback' | 'taken-back' | 'canary' | 'aborted'
  /** The release record of the run (`0003-20261126T235729Z`), or a note (`demo: the build the server serves`). */
  run: string
}

export interface ReleaseHealth {
  route: string
  release: string
  /** ISO times of the first and last report of this release in the window. */
  firstSeen: string
  lastSeen: string
  total: HealthFigures
  byClient: Partial<Record<ClientKind, HealthFigures>>
  /** The same views split six ways, the largest part first. */
  byOs: SplitFigures[]
  byEngine: SplitFigures[]
  byAppVersion: SplitFigures[]
  /** By the rollout cohort the app gave the view (`stable`, `canary`; `none`: outside a rollout, or not the app). */
  byCohort: SplitFigures[]
  /** By where the app took the page from (`package`, `network`; `none`: not said). */
  byVia: SplitFigures[]
  /** The commonest problems, by the views that had them. */
  topProblems: ProblemGroup[]
  /** Per minute for a window of up to SERIES_MINUTE_HOURS hours, else per hour; oldest first, only steps with views. */
  series: SeriesPoint[]
  /** What the decision rule reads: only for a release a deploy made live or a canary (null for any other). */
  judged: JudgedFigures | null
  /**
   * With `from` in the query, for the same releases: what the rule reads of the app's views of each cohort since
   * `from` (its minute), the canary watch's comparison in one window (null otherwise).
   */
  byCohortJudged: CohortJudged | null
}

/** What the rule reads of a release's app views of each cohort, since `from`; null: no view of that cohort. */
export interface CohortJudged {
  /** ISO, the start of the minute of the query's `from`. */
  from: string
  stable: JudgedFigures | null
  canary: JudgedFigures | null
}

/** A route as deploys left it: the releases they made live, newest first. */
export interface RouteDeployments {
  route: string
  /** The release live now (by the last event), and the one live before it. */
  live: string
  previous: string | null
  /** The release on a share of app devices now (its last `canary` event, not since aborted or made live), or none. */
  canary: string | null
  /** Every event in the window, and the last one before it, oldest first. */
  events: ReleaseEvent[]
}

/** Reports the collector did not count in the window, by why (docs/telemetry.md "Bounds"). */
export interface NotCounted {
  /** Naming a route or release no deploy made live. */
  unknownRelease: number
  /** From a source past its storage budget for the day. */
  overBudget: number
  /** While the data disk was below its reserve. */
  diskReserve: number
}

/** The window of a series step: a minute up to this many hours, else an hour. */
export const SERIES_MINUTE_HOURS = 6

/** How far back `from` may reach: the cohorts' per-minute rollup is kept this long. */
export const COHORT_FROM_HOURS = 48

/** `data` of `GET /ops/release-health?since=<hours>&route=<route>&from=<ISO>`. */
export interface HealthReply {
  /** The window, ISO. */
  since: string
  until: string
  /** The series' step. */
  step: 'minute' | 'hour'
  /** The query's `from` (the start of its minute), or null: what `byCohortJudged` counts from. */
  cohortsFrom: string | null
  /** Every (route, release) with a report in the window, by route, then newest first. */
  releases: ReleaseHealth[]
  /** Every route a deploy told the API about. */
  deployments: RouteDeployments[]
  notCounted: NotCounted
}
