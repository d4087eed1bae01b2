/**
 * The releases a deploy made live (docs/telemetry.md "Who can move a decision"): the deploy tells the API
 * (`POST /ops/releases`, ops-routes.ts) as it switches pages, takes them back or rolls back; the demo
 * server registers the build it serves as it starts. Only these releases' reports are counted, and only
 * these are judged: a report naming another route or release is counted as not counted, and a bounded
 * sample of them kept (`telemetry_unknown_sample`), so that an invented release can neither be judged nor
 * fill the report.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReleaseEvent, RouteDeployments } from '../../common/telemetry/health'
import type { Db, Queryable } from '../db/db'

/** How long an instance trusts what it read of the registry (a release registered on another instance counts within this). */
const KNOWN_FOR_MS = 5_000
/** At most this many reports for unknown releases are kept, the newest. */
export const UNKNOWN_SAMPLE_MAX = 200

export interface KnownReleases {
  /** Whether a deploy made `release` of `route` live. */
  isKnown(route: string, release: string): Promise<boolean>
  /** Forget what was read (a registration made on this instance). */
  invalidate(): void
}

export function knownReleases(db: Queryable, now = () => Date.now()): KnownReleases {
  let known: Set<string> | null = null
  let readAt = 0
  let reading: Promise<Set<string>> | null = null
  const read = async () => {
    const rows = await db.query<{ route: string; release: string }>('SELECT route, release FROM telemetry_releases')
    return new Set(rows.map((r) => `${r.route}\n${r.release}`))
  }
  return {
    async isKnown(route, release) {
      if (!known || now() - readAt > KNOWN_FOR_MS) {
        reading ??= read().finally(() => (reading = null))
        const started = now()
        known = await reading
        readAt = started
      }
      return known.has(`${route}\n${release}`)
    },
    invalidate() {
      known = null
    },
  }
}

/** Records `events` (a deploy's switches) and makes their releases known. Idempotent for the same event. */
export async function recordReleaseEvents(db: Db, events: readonly Omit<ReleaseEvent, 'at'>[], at = new Date()): Promise<void> {
  if (events.length === 0) return
  await db.transaction(async (tx) => {
    for (const event of events) {
      await tx.query('INSERT INTO telemetry_releases (route, release) VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.route, event.release])
      // The same event twice in a row (a deploy retried) is one.
      const [last] = await tx.query<{ release: string; kind: string; run: string }>(
        'SELECT release, kind, run FROM telemetry_release_events WHERE route = $1 ORDER BY at DESC, id DESC LIMIT 1',
        [event.route],
      )
      if (last && last.release === event.release && last.kind === event.kind && last.run === event.run) continue
      await tx.query('INSERT INTO telemetry_release_events (at, route, release, kind, run) VALUES ($1, $2, $3, $4, $5)', [
        at,
        event.route,
        event.release,
        event.kind,
        event.run,
      ])
    }
  })
}

/**
 * The demo: the build the server serves is what is live. Its releases are registered as `live` unless the
 * route's last event already names them (a restart of the same build adds nothing).
 */
export async function registerServedBuild(db: Db, routes: readonly { route: string; release: string }[]): Promise<void> {
  await recordReleaseEvents(
    db,
    routes.map((r) => ({ ...r, kind: 'live' as const, run: 'demo: the build the server serves' })),
  )
}

/**
 * Every route a deploy told the API about (one route, or all): the release live now (its last event's,
 * canary events aside), the one live before it, the canary running now, and the events of the window with
 * the last one before it, oldest first.
 */
export async function deployments(db: Queryable, since: Date, route: string | null): Promise<RouteDeployments[]> {
  const rows = await db.query<{
    at: Date | string
    route: string
    release: string
    kind: ReleaseEvent['kind']
    run: string
    inside: boolean
  }>(
    `SELECT at, route, release, kind, run, at >= $1 AS inside FROM telemetry_release_events
     WHERE ($2::text IS NULL OR route = $2::text)
     ORDER BY route, at, id`,
    [since, route],
  )
  const byRoute = new Map<string, ReleaseEvent[]>()
  const outside = new Map<string, ReleaseEvent[]>()
  for (const row of rows) {
    const event: ReleaseEvent = { at: new Date(row.at).toISOString(), route: row.route, release: row.release, kind: row.kind, run: row.run }
    const list = (row.inside ? byRoute : outside).get(row.route) ?? []
    list.push(event)
    ;(row.inside ? byRoute : outside).set(row.route, list)
    if (!byRoute.has(row.route)) byRoute.set(row.route, [])
  }
  return [...byRoute.entries()].map(([path, inside]) => {
    const before = outside.get(path) ?? []
    const all = [...before, ...inside]
    // A canary leaves the route's stable release live: live and previous are read from the other events.
    const switches = all.filter((e) => !CANARY_KINDS.has(e.kind))
    const canary = canaryOf(all)
    const live = switches.at(-1)?.release ?? canary ?? all.at(-1)!.release
    const previous = [...switches].reverse().find((e) => e.release !== live)?.release ?? null
    // The last event before the window, and the last canary event before it while that canary still runs.
    const kept = before.slice(-1)
    const started = canary ? before.findLast((e) => e.kind === 'canary' && e.release === canary) : undefined
    if (started && !kept.includes(started)) kept.unshift(started)
    return { route: path, live, previous, canary, events: [...kept, ...inside] }
  })
}

/** The kinds of event that give or take a canary, leaving the route's stable release as it was. */
const CANARY_KINDS: ReadonlySet<ReleaseEvent['kind']> = new Set(['canary', 'aborted'])

/** The canary running after `events` (oldest first): the last one given, unless aborted or made live since. */
function canaryOf(events: readonly ReleaseEvent[]): string | null {
  let canary: string | null = null
  for (const e of events) {
    if (e.kind === 'canary') canary = e.release
    else if (e.release === canary && (e.kind === 'aborted' || e.kind === 'live')) canary = null
  }
  return canary
}

/** Keeps a report of an unknown release in the bounded sample, and counts it. */
export async function keepUnknown(db: Queryable, received: Date, route: string, release: string, body: unknown): Promise<void> {
  await db.query('INSERT INTO telemetry_unknown_sample (received_at, route, release, body) VALUES ($1, $2, $3, $4::jsonb)', [
    received,
    route.slice(0, 64),
    release.slice(0, 40),
    JSON.stringify(body),
  ])
  await db.query(
    `DELETE FROM telemetry_unknown_sample WHERE received_at < (
       SELECT received_at FROM telemetry_unknown_sample ORDER BY received_at DESC OFFSET $1 LIMIT 1)`,
    [UNKNOWN_SAMPLE_MAX - 1],
  )
}

/** The routes and releases of the build in `distDir` (its pages manifest; aliases show their route's page), or none. */
export function servedBuild(distDir: string): { route: string; release: string }[] {
  try {
    const { routes } = JSON.parse(readFileSync(join(distDir, 'pages-manifest.json'), 'utf8')) as {
      routes?: Record<string, { release?: unknown; aliasOf?: unknown }>
    }
    return Object.entries(routes ?? {}).flatMap(([route, entry]) =>
      typeof entry?.release === 'string' && entry.aliasOf === undefined ? [{ route, release: entry.release }] : [],
    )
  } catch {
    return []
  }
}

/**
 * The demo's registry: besides what deploys registered, the build the server serves, read again when a
 * report names a release not known yet (a build made while the server runs).
 */
export function demoKnownReleases(db: Db, distDir: string): KnownReleases {
  const known = knownReleases(db)
  return {
    async isKnown(route, release) {
      if (await known.isKnown(route, release)) return true
      const served = servedBuild(distDir)
      if (!served.some((r) => r.route === route && r.release === release)) return false
      await registerServedBuild(db, served)
      known.invalidate()
      return true
    },
    invalidate: () => known.invalidate(),
  }
}
