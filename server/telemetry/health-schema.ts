/** The reply schema of `GET /ops/release-health` (`HealthReply`, common/telemetry/health.ts). */
const count = { type: 'integer' } as const
const figure = { type: ['number', 'null'] } as const

const figures = {
  type: 'object',
  required: ['views', 'errorViews', 'neverReadyViews', 'audioViews', 'audioFailViews', 'p75'],
  properties: {
    views: count,
    errorViews: count,
    neverReadyViews: count,
    audioViews: count,
    audioFailViews: count,
    p75: {
      type: 'object',
      required: ['ready', 'fcp', 'lcp', 'inp', 'cls', 'ttfb'],
      properties: { ready: figure, fcp: figure, lcp: figure, inp: figure, cls: figure, ttfb: figure },
    },
  },
} as const

export const healthReplySchema = {
  type: 'object',
  required: ['since', 'until', 'releases'],
  properties: {
    since: { type: 'string' },
    until: { type: 'string' },
    releases: {
      type: 'array',
      items: {
        type: 'object',
        required: ['route', 'release', 'firstSeen', 'lastSeen', 'total', 'byClient', 'topProblems', 'hourly'],
        properties: {
          route: { type: 'string' },
          release: { type: 'string' },
          firstSeen: { type: 'string' },
          lastSeen: { type: 'string' },
          total: figures,
          byClient: { type: 'object', properties: { app: figures, wechat: figures, browser: figures } },
          topProblems: {
            type: 'array',
            items: {
              type: 'object',
              required: ['kind', 'message', 'views'],
              properties: { kind: { type: 'string' }, message: { type: 'string' }, views: count },
            },
          },
          hourly: {
            type: 'array',
            items: {
              type: 'object',
              required: ['hour', 'views', 'errorViews', 'neverReadyViews', 'readyP75'],
              properties: { hour: { type: 'string' }, views: count, errorViews: count, neverReadyViews: count, readyP75: figure },
            },
          },
        },
      },
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
