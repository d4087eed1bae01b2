/**
 * `GET <api>/ops/release-health?since=<hours>&route=<route>` (docs/telemetry.md "Reading it back"): the
 * reply's `data` (`HealthReply`, common/telemetry/health.ts) out of the API's envelope, or why not, in
 * one line an operator can act on.
 */
import type { HealthReply, ReleaseEvent } from '../../../common/telemetry/health.ts'
import { DeliveryError } from '../errors.ts'

export interface HealthQuery {
  /** The API's base URL (`https://api.example.com`). */
  api: string
  /** Hours back from now (1–720). */
  sinceHours: number
  /** One page's route (`/word_share`); all pages when absent. */
  route?: string
  /** ISO: also what the rule reads of each cohort's app views since then (`byCohortJudged`, the canary watch). */
  from?: string
  /** `OPS_TOKEN` of the server, sent as `Authorization: Bearer`. */
  token?: string
  timeoutMs?: number
}

/** The health API did not answer with health: unreachable, refused, or not the envelope. */
export class HealthUnavailable extends DeliveryError {
  override name = 'HealthUnavailable'

  constructor(message: string) {
    super(message, undefined, 3)
  }
}

/** The window in hours the API takes for `ms` (at least 1, at most 720). */
export function hoursFor(ms: number): number {
  return Math.min(720, Math.max(1, Math.ceil(ms / 3_600_000)))
}

/** Fetches release health; throws HealthUnavailable with the reason. */
export async function fetchHealth({ api, sinceHours, route, from, token, timeoutMs = 15_000 }: HealthQuery): Promise<HealthReply> {
  const url = new URL('/ops/release-health', api.replace(/\/+$/, '/'))
  url.searchParams.set('since', String(sinceHours))
  if (route) url.searchParams.set('route', route)
  if (from) url.searchParams.set('from', from)
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new HealthUnavailable(`the health API at ${url.origin} did not answer (${why(error)})`)
  }
  const text = await response.text()
  const body = parseEnvelope(text)
  refusedToken(url, response)
  if (response.status === 404) {
    throw new HealthUnavailable(
      `the health API at ${url.origin} answered 404 at /ops/release-health (a production server without OPS_TOKEN has none)`,
    )
  }
  if (!response.ok || body?.result !== 'SUCCESS' || !isReply(body.data)) {
    const msg = typeof body?.msg === 'string' && body.msg ? `: ${body.msg}` : ''
    throw new HealthUnavailable(`the health API at ${url.origin} answered ${response.status} without release health${msg}`)
  }
  return body.data
}

function isReply(data: unknown): data is HealthReply {
  const r = data as Partial<HealthReply> | null
  return (
    r !== null &&
    typeof r === 'object' &&
    typeof r.since === 'string' &&
    typeof r.until === 'string' &&
    Array.isArray(r.releases) &&
    Array.isArray(r.deployments) &&
    r.releases.every((x) => typeof x?.route === 'string' && typeof x.release === 'string' && typeof x.total?.views === 'number')
  )
}

/** The envelope `{ result, data, msg }`, or `null` for a body that is not JSON (a proxy's page, an HTML 404). */
function parseEnvelope(text: string): { result?: unknown; data?: unknown; msg?: unknown } | null {
  try {
    const body = JSON.parse(text) as unknown
    return body !== null && typeof body === 'object' ? (body as { result?: unknown; data?: unknown; msg?: unknown }) : null
  } catch {
    return null
  }
}

/**
 * Throws when the API refused the token: a wrong or missing one (401/403), or too many wrong ones from
 * this address lately (429: the server counts them, docs/server.md "Rate limits"; it says for how long).
 */
function refusedToken(url: URL, response: Response): void {
  if (response.status === 401 || response.status === 403)
    throw new HealthUnavailable(
      `the health API at ${url.origin} refused the token (${response.status}): set OPS_TOKEN or give --token-file <file>`,
    )
  if (response.status === 429)
    throw new HealthUnavailable(
      `the health API at ${url.origin} refuses this address for now (429: too many wrong tokens from it): try again in ${response.headers.get('retry-after') ?? 'a few'} s`,
    )
}

/** The deepest reason of a failed fetch: `ECONNREFUSED`, `TimeoutError`, … */
function why(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: unknown; errors?: unknown[] }
  if (e.name === 'TimeoutError') return 'no answer in time'
  const inner = e.cause ?? e.errors?.[0]
  if (inner) return why(inner)
  return e.code ?? e.message ?? String(error)
}

/** `POST <api>/ops/releases`: tells the API what a deploy made live (docs/deploying.md "Telling the API"). */
export async function tellReleases(
  { api, token, timeoutMs = 15_000 }: { api: string; token?: string; timeoutMs?: number },
  events: readonly Omit<ReleaseEvent, 'at'>[],
): Promise<void> {
  const url = new URL('/ops/releases', api.replace(/\/+$/, '/'))
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ events }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new HealthUnavailable(`the health API at ${url.origin} did not answer (${why(error)})`)
  }
  const body = parseEnvelope(await response.text())
  refusedToken(url, response)
  if (!response.ok || body?.result !== 'SUCCESS') {
    const msg = typeof body?.msg === 'string' && body.msg ? `: ${body.msg}` : ''
    throw new HealthUnavailable(`the health API at ${url.origin} answered ${response.status} to /ops/releases${msg}`)
  }
}
