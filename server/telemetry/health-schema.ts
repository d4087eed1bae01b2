/** The schemas of the ops routes: the reply of `GET /ops/release-health` (`HealthReply`, common/telemetry/health.ts), its query, and `POST /ops/releases`. */
import type { ReleaseEvent } from '../../common/telemetry/health'

/** Every `ReleaseEvent.kind`. */
export const RELEASE_EVENT_KINDS = [
  'live',
  'rollback',
  'taken-back',
  'canary',
  'aborted',
] as const satisfies readonly ReleaseEvent['kind'][]

const count = { type: 'integer' } as const
const figure = { type: ['number', 'null'] } as const
const text = { type: 'string' } as const
const maybeText = { type: ['string', 'null'] } as const
const counts = { views: count, errorViews: count, neverReadyViews: count } as const

const figures = {
  type: 'object',
  required: [
    'views',
    'errorViews',
    'neverReadyViews',
    'audioViews',
    'audioFailViews',
    'headViews',
    'droppedProblems',
    'lostReports',
    'p75',
  ],
  properties: {
    ...counts,
    audioViews: count,
    audioFailViews: count,
    headViews: count,
    droppedProblems: count,
    lostReports: count,
    p75: {
      type: 'object',
      required: ['ready', 'fcp', 'lcp', 'inp', 'cls', 'ttfb'],
      properties: { ready: figure, fcp: figure, lcp: figure, inp: figure, cls: figure, ttfb: figure },
    },
  },
} as const

const split = {
  type: 'array',
  items: { type: 'object', required: ['key', 'views', 'errorViews', 'neverReadyViews'], properties: { key: text, ...counts } },
} as const

const setAside = {
  type: 'array',
  items: { type: 'object', required: ['pull', 'views', 'bad'], properties: { pull: { enum: ['up', 'down'] }, views: count, bad: count } },
} as const
const rate = {
  type: 'object',
  required: ['views', 'bad', 'setAside', 'topThree'],
  properties: {
    views: count,
    bad: count,
    setAside,
    topThree: { type: 'object', required: ['views', 'bad'], properties: { views: count, bad: count } },
  },
} as const
const times = {
  type: 'object',
  required: ['histogram', 'setAside'],
  properties: { histogram: { type: 'array', items: count }, setAside },
} as const

const judged = {
  type: ['object', 'null'],
  required: ['sources', 'error', 'neverReady', 'ready', 'lcp'],
  properties: { sources: count, error: rate, neverReady: rate, ready: times, lcp: times },
} as const

const event = {
  type: 'object',
  required: ['at', 'route', 'release', 'kind', 'run'],
  properties: { at: text, route: text, release: text, kind: { enum: RELEASE_EVENT_KINDS }, run: text },
} as const

export const healthReplySchema = {
  type: 'object',
  required: ['since', 'until', 'step', 'cohortsFrom', 'releases', 'deployments', 'notCounted'],
  properties: {
    since: text,
    until: text,
    step: { enum: ['minute', 'hour'] },
    cohortsFrom: maybeText,
    releases: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'route',
          'release',
          'firstSeen',
          'lastSeen',
          'total',
          'byClient',
          'byOs',
          'byEngine',
          'byAppVersion',
          'byCohort',
          'byVia',
          'topProblems',
          'series',
          'judged',
          'byCohortJudged',
        ],
        properties: {
          route: text,
          release: text,
          firstSeen: text,
          lastSeen: text,
          total: figures,
          byClient: { type: 'object', properties: { app: figures, wechat: figures, browser: figures } },
          byOs: split,
          byEngine: split,
          byAppVersion: split,
          byCohort: split,
          byVia: split,
          topProblems: {
            type: 'array',
            items: {
              type: 'object',
              required: ['kind', 'message', 'file', 'frame', 'endpoint', 'status', 'views', 'firstSeen', 'lastSeen'],
              properties: {
                kind: text,
                message: text,
                file: maybeText,
                frame: maybeText,
                endpoint: maybeText,
                status: { type: ['integer', 'null'] },
                views: count,
                firstSeen: text,
                lastSeen: text,
              },
            },
          },
          series: {
            type: 'array',
            items: {
              type: 'object',
              required: ['at', 'views', 'errorViews', 'neverReadyViews', 'readyP75'],
              properties: { at: text, ...counts, readyP75: figure },
            },
          },
          judged,
          byCohortJudged: {
            type: ['object', 'null'],
            required: ['from', 'stable', 'canary'],
            properties: { from: text, stable: judged, canary: judged },
          },
        },
      },
    },
    deployments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['route', 'live', 'previous', 'canary', 'events'],
        properties: { route: text, live: text, previous: maybeText, canary: maybeText, events: { type: 'array', items: event } },
      },
    },
    notCounted: {
      type: 'object',
      required: ['unknownRelease', 'overBudget', 'diskReserve'],
      properties: { unknownRelease: count, overBudget: count, diskReserve: count },
    },
  },
} as const

/**
 * `since` (hours, 1–720), `route` (a page's route) and `from` (an ISO time in UTC, to the second or the
 * millisecond: the canary watch's start) of the query string. How far back `from` may be is the route's check.
 */
export const healthQuery = {
  type: 'object',
  properties: {
    since: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    route: { type: 'string', maxLength: 64, pattern: '^/[a-z0-9_/-]*$' },
    from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,3})?Z$' },
  },
} as const

/** `POST /ops/releases`: what a deploy switched (common/telemetry/health.ts `ReleaseEvent` without its time, which the server stamps). */
export const releaseEventsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['route', 'release', 'kind', 'run'],
        properties: {
          route: { type: 'string', maxLength: 64, pattern: '^/[a-z0-9_/-]*$' },
          release: { type: 'string', pattern: '^(?:[0-9a-f]{6,40}|dev)$' },
          kind: { enum: RELEASE_EVENT_KINDS },
          run: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
    },
  },
} as const
