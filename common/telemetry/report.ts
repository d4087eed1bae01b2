/**
 * The field report a page sends once per view (`POST /v1/telemetry`, docs/telemetry.md): its shape, its
 * limits and the JSON schema the server enforces. In common/ because three parts read it and none may
 * import another: the pages' reporter (shared/, types only), the reference server (the schema) and the
 * health tools (scripts/). Imports nothing.
 */

/** The version of the report's shape; a report of another version is refused (400). */
export const TELEMETRY_VERSION = 1
/** The largest report body the server takes (docs/contracts/api.md "Field reports"): 413 beyond. */
export const TELEMETRY_MAX_BYTES = 16 * 1024
/** At most this many problems per report; the reporter counts the rest in `dropped`. */
export const TELEMETRY_MAX_PROBLEMS = 30
/** A problem's `message`, `file` and `frame` are cut to this many characters by the reporter. */
export const TELEMETRY_MAX_TEXT = 200

export const CLIENT_KINDS = ['app', 'wechat', 'browser'] as const
export type ClientKind = (typeof CLIENT_KINDS)[number]

export const OS_KINDS = ['ios', 'android', 'other'] as const
export type OsKind = (typeof OS_KINDS)[number]

export const ENGINES = ['webkit', 'blink', 'gecko', 'other'] as const
export type Engine = (typeof ENGINES)[number]

/** Which release a device of the app was given by a staged rollout (docs/contracts/api.md "Page releases for the app"). */
export const COHORTS = ['stable', 'canary'] as const
export type Cohort = (typeof COHORTS)[number]
/** Where the app took the page's files from: its verified package, or the network. */
export const VIAS = ['package', 'network'] as const
export type Via = (typeof VIAS)[number]

export const NAVIGATION_KINDS = ['navigate', 'reload', 'back_forward', 'restore', 'other'] as const
/** `restore`: the page came back from the back-forward cache (a new view of the same document). */
export type NavigationKind = (typeof NAVIGATION_KINDS)[number]

/**
 * What went wrong, one kind per source (docs/telemetry.md "Problems"):
 * - `error`, `rejection`: an uncaught error / unhandled promise rejection (message, first frame, file);
 * - `chunk`, `css`: a script chunk (entry or lazy) or a stylesheet did not load (`file`);
 * - `boundary`: the error boundary caught a render error (the `出错了` view);
 * - `first-screen`: the painter before React failed (React drew the page instead; `message` = reason);
 * - `api`: an API request failed (`endpoint` as a template, `status`, 0 = network or time-out);
 * - `image`: a picture on screen did not load (`file`: its path, no query);
 * - `recording`: a recording (audio of a work, a word) did not load;
 * - `audio`: audio could not play (`play()` refused, decode error);
 * - `no-bridge`: the page runs in the app's user agent but its host never gave it the bridge (the
 *   open-in-app screen where the app should be): the view is never ready.
 */
export const PROBLEM_KINDS = [
  'error',
  'rejection',
  'chunk',
  'css',
  'boundary',
  'first-screen',
  'api',
  'image',
  'recording',
  'audio',
  'no-bridge',
] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]

/** The kinds that make a view count as "with an error" in release health (besides the API failures below). */
export const ERROR_KINDS: readonly ProblemKind[] = ['error', 'rejection', 'chunk', 'css', 'boundary']
/** An `api` problem counts as an error when its status is one of these, or 0 or ≥ 500. */
export const API_ERROR_STATUSES: readonly number[] = [400, 405]
/** The kinds that make a view count as "with an audio failure". */
export const AUDIO_KINDS: readonly ProblemKind[] = ['recording', 'audio']

export interface Problem {
  kind: ProblemKind
  /** Scrubbed (docs/telemetry.md "Privacy"), at most TELEMETRY_MAX_TEXT characters; may be empty. */
  message: string
  /** A path on the page's or the API's origin, no query or fragment. */
  file?: string
  /** The first stack frame, `file:line:col` (paths as in `file`). */
  frame?: string
  /** An API path as a template: `/v1/directory/:id`, `/v1/share/uar`. */
  endpoint?: string
  /** HTTP status of an `api` problem; 0 = no answer (network, time-out, CORS). */
  status?: number
  /** How many times this same problem happened in the view (≥ 1). */
  count: number
  /** When it first happened, ms since the navigation started. */
  at: number
}

/** Milliseconds since the navigation started (`cls`: the unitless layout-shift score); null when not measured. */
export interface Vitals {
  ttfb: number | null
  fcp: number | null
  lcp: number | null
  inp: number | null
  cls: number | null
}

export interface TelemetryReport {
  v: typeof TELEMETRY_VERSION
  /** The page's route as its page.ts names it (`/recorded_share`, `/generate_book/list`); never a query. */
  route: string
  /** The release of the HTML that ran: its `<meta name="kids-release">` (12 hex), `dev` when built without one. */
  release: string
  client: ClientKind
  os: OsKind
  /** The app's version from the user agent (`version_…`), null outside the app or when unknown. */
  appVersion: string | null
  engine: Engine
  engineMajor: number | null
  /** The share of views that report (0 < sample ≤ 1), as built (`VITE_TELEMETRY_SAMPLE`). */
  sample: number
  /** A random id of this page view (not of a user or device): the beacons of one view share it. */
  view: string
  /** 0 for a view's first beacon, then 1, 2…: each carries everything so far; the server reads the highest. */
  seq: number
  /** Sent as the page was hidden or left (the view's report so far), not at once for a fatal error. */
  final: boolean
  nav: NavigationKind
  /** When the page's data was first visible with no loading overlay over it (ms); null: not (yet) ready. */
  ready: number | null
  /** Whether the page played or tried to play audio (the denominator of the audio failure rate). */
  audioTried: boolean
  vitals: Vitals
  problems: Problem[]
  /** Problems beyond TELEMETRY_MAX_PROBLEMS, counted but not listed. */
  dropped: number
  /**
   * What the phone had to drop of this view so far (Sentry's "client reports"): beacons that could not
   * leave (sendBeacon refused and fetch failed), entries it could not take, a failure of the reporter.
   * Absent from reporters older than it.
   */
  lost?: number
  /** The rollout cohort the app gave this device for this page; null (or absent) outside a rollout. */
  cohort?: Cohort | null
  /** Where the app took the page from; null (or absent) when not opened by the app from a rollout. */
  via?: Via | null
}

/**
 * The report the HTML's head sends itself when a view ends before the reporter took over
 * (docs/telemetry.md "How a page reports"): what the head knows, nothing it would have to scrub. The
 * server fills the client, OS, engine and app version from the request's user agent (never kept), and
 * keeps it as a report with `final: true`, no vitals, no audio, and each problem with an empty message.
 * The reporter, if it comes later, goes on with the same view id and the next `seq`.
 */
export interface HeadReport {
  v: typeof TELEMETRY_VERSION
  head: true
  route: string
  release: string
  sample: number
  view: string
  seq: number
  nav: NavigationKind
  /** When the page showed its data, if it did before it was left; null otherwise. */
  ready: number | null
  /** Its problems so far, by kind (an `api` one by its status too): no message, file or frame (the head has no scrubbing). */
  problems: { kind: ProblemKind; status?: number; count: number; at: number }[]
  dropped: number
  /** As in TelemetryReport: the head reads them as the page starts. Absent from heads older than them. */
  cohort?: Cohort | null
  via?: Via | null
}

const ms = { type: ['number', 'null'], minimum: 0, maximum: 3_600_000 } as const
// Plain objects, no calls: the reporter bundles this module's constants, and a bundler keeps a call it cannot prove pure.
const text = { type: 'string', maxLength: TELEMETRY_MAX_TEXT } as const
const path = { type: 'string', maxLength: TELEMETRY_MAX_TEXT, pattern: '^[^?#\\s]*$' } as const

/** The JSON schema of a report (draft-07, as Fastify's Ajv reads it): anything else is a 400 and is not stored. */
export const telemetryReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'v',
    'route',
    'release',
    'client',
    'os',
    'appVersion',
    'engine',
    'engineMajor',
    'sample',
    'view',
    'seq',
    'final',
    'nav',
    'ready',
    'audioTried',
    'vitals',
    'problems',
    'dropped',
  ],
  properties: {
    v: { const: TELEMETRY_VERSION },
    route: { type: 'string', maxLength: 64, pattern: '^/[a-z0-9_/-]*$' },
    release: { type: 'string', pattern: '^(?:[0-9a-f]{6,40}|dev)$' },
    client: { enum: CLIENT_KINDS },
    os: { enum: OS_KINDS },
    appVersion: { type: ['string', 'null'], maxLength: 24, pattern: '^[0-9]+(?:\\.[0-9]+){0,3}$' },
    engine: { enum: ENGINES },
    engineMajor: { type: ['integer', 'null'], minimum: 0, maximum: 9999 },
    sample: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    view: { type: 'string', pattern: '^[0-9a-z]{8,32}$' },
    seq: { type: 'integer', minimum: 0, maximum: 1000 },
    final: { type: 'boolean' },
    nav: { enum: NAVIGATION_KINDS },
    ready: ms,
    audioTried: { type: 'boolean' },
    vitals: {
      type: 'object',
      additionalProperties: false,
      required: ['ttfb', 'fcp', 'lcp', 'inp', 'cls'],
      properties: { ttfb: ms, fcp: ms, lcp: ms, inp: ms, cls: { type: ['number', 'null'], minimum: 0, maximum: 100 } },
    },
    problems: {
      type: 'array',
      maxItems: TELEMETRY_MAX_PROBLEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'message', 'count', 'at'],
        properties: {
          kind: { enum: PROBLEM_KINDS },
          message: text,
          file: path,
          frame: text,
          endpoint: { type: 'string', maxLength: 100, pattern: '^/[A-Za-z0-9_/:.-]*$' },
          status: { type: 'integer', minimum: 0, maximum: 599 },
          count: { type: 'integer', minimum: 1, maximum: 100_000 },
          at: { type: 'number', minimum: 0, maximum: 3_600_000 },
        },
      },
    },
    dropped: { type: 'integer', minimum: 0, maximum: 100_000 },
    lost: { type: 'integer', minimum: 0, maximum: 100_000 },
    cohort: { enum: [...COHORTS, null] },
    via: { enum: [...VIAS, null] },
  },
} as const

/**
 * The JSON schema of a head report (HeadReport). Its problem items are written out, not read off
 * telemetryReportSchema's: a property read at the top level keeps the whole schema in the reporter's
 * bundle (a bundler cannot prove a read pure), 0.5 KB over its cap.
 */
export const headReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'head', 'route', 'release', 'sample', 'view', 'seq', 'nav', 'ready', 'problems', 'dropped'],
  properties: {
    v: { const: TELEMETRY_VERSION },
    head: { const: true },
    route: telemetryReportSchema.properties.route,
    release: telemetryReportSchema.properties.release,
    sample: telemetryReportSchema.properties.sample,
    view: telemetryReportSchema.properties.view,
    seq: telemetryReportSchema.properties.seq,
    nav: telemetryReportSchema.properties.nav,
    ready: ms,
    problems: {
      type: 'array',
      maxItems: TELEMETRY_MAX_PROBLEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'count', 'at'],
        properties: {
          kind: { enum: PROBLEM_KINDS },
          status: { type: 'integer', minimum: 0, maximum: 599 },
          count: { type: 'integer', minimum: 1, maximum: 100_000 },
          at: { type: 'number', minimum: 0, maximum: 3_600_000 },
        },
      },
    },
    dropped: telemetryReportSchema.properties.dropped,
    cohort: { enum: [...COHORTS, null] },
    via: { enum: [...VIAS, null] },
  },
} as const
