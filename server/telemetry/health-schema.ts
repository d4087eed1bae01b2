/** The schemas of the ops routes: the reply of `GET /ops/release-health` (`HealthReply`, common/telemetry/health.ts), its query, and `POST /ops/releases`. */
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

const event = {
  type: 'object',
  required: ['at', 'route', 'release', 'kind', 'run'],
  properties: { at: text, route: text, release: text, kind: { enum: ['live', 'rollback', 'taken-back'] }, run: text },
} as const

export const healthReplySchema = {
  type: 'object',
  required: ['since', 'until', 'step', 'releases', 'deployments', 'notCounted'],
  properties: {
    since: text,
    until: text,
    step: { enum: ['minute', 'hour'] },
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
          'topProblems',
          'series',
          'judged',
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
          judged: {
            type: ['object', 'null'],
            required: ['sources', 'error', 'neverReady', 'ready', 'lcp'],
            properties: { sources: count, error: rate, neverReady: rate, ready: times, lcp: times },
          },
        },
      },
    },
    deployments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['route', 'live', 'previous', 'events'],
        properties: { route: text, live: text, previous: maybeText, events: { type: 'array', items: event } },
      },
    },
    notCounted: {
      type: 'object',
      required: ['unknownRelease', 'overBudget', 'diskReserve'],
      properties: { unknownRelease: count, overBudget: count, diskReserve: count },
    },
  },
} as const

/** `since` (hours, 1–720) and `route` (a page's route) of the query string. */
export const healthQuery = {
  type: 'object',
  properties: {
    since: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    route: { type: 'string', maxLength: 64, pattern: '^/[a-z0-9_/-]*$' },
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
          kind: { enum: ['live', 'rollback', 'taken-back'] },
          run: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
    },
  },
} as const
