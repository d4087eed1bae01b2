/** Field reports for the server tests: a valid report of a new view, and telling the API what is deployed. */
import { expect } from 'vitest'
import type { HeadReport, TelemetryReport } from '../../../common/telemetry/report'
import type { ServerTestContext } from './test-app'

let views = 0
/** A fresh view id (`view000001`, …). */
export const nextView = () => `view${String(++views).padStart(6, '0')}`

/** A valid report of a new view (WeChat on Android, ready at 850 ms, no problem), with `changes` over it. */
export function report(changes: Partial<TelemetryReport> = {}): TelemetryReport {
  return {
    v: 1,
    route: '/recorded_share',
    release: 'a1b2c3d4e5f6',
    client: 'wechat',
    os: 'android',
    appVersion: null,
    engine: 'blink',
    engineMajor: 120,
    sample: 1,
    view: nextView(),
    seq: 0,
    final: true,
    nav: 'navigate',
    ready: 850,
    audioTried: false,
    vitals: { ttfb: 120, fcp: 400, lcp: 900, inp: 80, cls: 0.02 },
    problems: [],
    dropped: 0,
    ...changes,
  }
}

/** The head's own report of a view left before the reporter came. */
export function headReport(changes: Partial<HeadReport> = {}): HeadReport {
  return {
    v: 1,
    head: true,
    route: '/recorded_share',
    release: 'a1b2c3d4e5f6',
    sample: 1,
    view: nextView(),
    seq: 0,
    nav: 'navigate',
    ready: null,
    problems: [],
    dropped: 0,
    ...changes,
  }
}

/** What a deploy tells the API about `route` (`POST /ops/releases`): each release with its event kind. */
export async function told(ctx: ServerTestContext, route: string, ...events: (readonly [release: string, kind: string])[]): Promise<void> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/ops/releases',
    payload: { events: events.map(([release, kind]) => ({ route, release, kind, run: '0001-test' })) },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** What a deploy tells the API: these releases are live. */
export async function deployed(ctx: ServerTestContext, ...releases: (readonly [route: string, release: string])[]): Promise<void> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/ops/releases',
    payload: { events: releases.map(([route, release]) => ({ route, release, kind: 'live', run: '0001-test' })) },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** Posts `r` as a phone at `address` does (`POST /v1/telemetry`, text/plain), expecting it taken (204). */
export async function sent(ctx: ServerTestContext, r: TelemetryReport | HeadReport, address = '203.0.113.5'): Promise<void> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/v1/telemetry',
    remoteAddress: address,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(r),
  })
  expect(res.statusCode, res.body).toBe(204)
}
