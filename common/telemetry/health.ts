/**
 * Release health as the reference server answers it (`GET /ops/release-health`, docs/telemetry.md
 * "Reading it back"): per page and release, the rates and p75s the health command prints and the
 * deploy's watch decides on. Imports nothing.
 */
import type { ClientKind } from './report'

export interface HealthFigures {
  /** Distinct views (sampled: what arrived). */
  views: number
  /** Views with a problem of ERROR_KINDS, or an `api` problem with status 0, ≥ 500 or API_ERROR_STATUSES. */
  errorViews: number
  /** Views whose latest report has `ready: null`: left (or still open) before the data showed. */
  neverReadyViews: number
  /** Views that played or tried to play audio. */
  audioViews: number
  /** Views with a problem of AUDIO_KINDS. */
  audioFailViews: number
  /** 75th percentiles over the views that have the figure (ms; `cls` unitless); null without any. */
  p75: { ready: number | null; fcp: number | null; lcp: number | null; inp: number | null; cls: number | null; ttfb: number | null }
}

export interface ReleaseHealth {
  route: string
  release: string
  /** ISO times of the first and last report of this release in the window. */
  firstSeen: string
  lastSeen: string
  total: HealthFigures
  byClient: Partial<Record<ClientKind, HealthFigures>>
  /** The commonest problems: kind, message (or endpoint and status), views that had it. */
  topProblems: { kind: string; message: string; views: number }[]
  /** One entry per hour with reports, oldest first (ISO hour start). */
  hourly: { hour: string; views: number; errorViews: number; neverReadyViews: number; readyP75: number | null }[]
}

/** `data` of `GET /ops/release-health?since=<hours>&route=<route>`. */
export interface HealthReply {
  /** The window, ISO. */
  since: string
  until: string
  /** Every (route, release) with a report in the window, by route, then newest first. */
  releases: ReleaseHealth[]
}
