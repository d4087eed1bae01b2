/**
 * npm run bench:health -- --rows N [--database-url URL] [--seed-only] [--runs 20] [--seconds 15] [--out-dir DIR]
 *
 * Release health at scale (issue 46 item 1, docs/telemetry.md "Past one PostgreSQL"): seeds field reports
 * across 11 routes, 3 releases each, over the last 7 days, through the collector's own storage path
 * (server/telemetry/batch-writer.ts `writeBatch`, the rollups kept as they arrive), up to N in the database
 * (a database that holds fewer gets the difference: seed 10 M, measure, seed to 50 M, measure); then,
 * against the reference server on that database, times the 7-day reply (`GET /ops/release-health?since=168`,
 * what the watch and `--gate` read) and a share lookup (`GET /v1/share/uar`), quiet and while two
 * operators read health without pause. Writes bench/results/health-<N>.md and .json (or into --out-dir).
 *
 * Without --database-url it uses the embedded database in a temp folder (small N only: PGlite runs one
 * statement at a time, and the figures are not PostgreSQL's).
 */
import { execSync } from 'node:child_process'
import { Agent, get as httpGet } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Problem } from '../../common/telemetry/report'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { DEMO_SHARES } from '../../server/seed/demo'
import { seedIfEmpty } from '../../server/seed/seed'
import { writeBatch } from '../../server/telemetry/batch-writer'
import { ensurePartitions } from '../../server/telemetry/partitions'
import { recordReleaseEvents } from '../../server/telemetry/releases'
import { isErrorProblem, type StoredReport } from '../../server/telemetry/stored-report'
import { seededRandom } from '../../tests/delivery/helpers/seeded-random'
import { startInstance, timeRequests } from '../load/children.ts'

const root = resolve(import.meta.dirname, '../..')
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    'database-url': { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    batch: { type: 'string', default: '2000' },
    writers: { type: 'string', default: '2' },
    'out-dir': { type: 'string' },
  },
})
const target = Number(args.rows)
if (!Number.isInteger(target) || target < 1) {
  console.error('usage: npm run bench:health -- --rows N [--database-url URL] [--seed-only] [--runs 20] [--seconds 15] [--out-dir DIR]')
  process.exit(2)
}

const ROUTES = [
  '/',
  '/recorded_share',
  '/word_share',
  '/space_upgrade',
  '/expand_space',
  '/price_up',
  '/vip_sale',
  '/generate_book/list',
  '/generate_book/create',
  '/self_service_baidu',
  '/404',
]
const DAYS = 7
/** Release k of a route is live from day k·7/3: three releases a route in the week, the old one's views tailing off. */
const releaseOf = (route: number, k: number) => (route * 16 + k).toString(16).padStart(12, 'a').slice(-12)

const random = seededRandom(46)
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
/** A log-normal time around `median` ms. */
const time = (median: number) =>
  Math.round(median * Math.exp(0.6 * Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random())))

const PROBLEMS: Problem[] = [
  ...Array.from({ length: 12 }, (_, i): Problem => ({
    kind: 'error',
    message: `TypeError: Cannot read properties of undefined (reading 'f${i}')`,
    frame: `/assets/page-Ab12Cd${String(i).padStart(2, '0')}.js:1:${100 * i}`,
    file: `/assets/page-Ab12Cd${String(i).padStart(2, '0')}.js`,
    count: 1,
    at: 900,
  })),
  { kind: 'api', message: '', endpoint: '/v1/share/uar', status: 502, count: 1, at: 400 },
  { kind: 'api', message: '', endpoint: '/v1/directory/:id', status: 0, count: 1, at: 400 },
  { kind: 'image', message: '', file: '/media/covers/apple.svg', count: 1, at: 700 },
  { kind: 'chunk', message: '', file: '/assets/recorded-work-viewer-DBd9oCzv.js', count: 1, at: 800 },
]

let viewSeq = 0
/** One view's reports (one, or a fatal one then the final one), received at `at`. */
function viewReports(at: number): StoredReport[] {
  const routeIndex = Math.floor(random() * ROUTES.length)
  const day = (at - (Date.now() - DAYS * 86_400_000)) / 86_400_000
  const k = Math.min(2, Math.floor((day * 3) / DAYS) - (random() < 0.05 ? 1 : 0))
  const client = random() < 0.5 ? 'app' : random() < 0.6 ? 'wechat' : 'browser'
  const os = random() < 0.45 ? 'ios' : random() < 0.9 ? 'android' : 'other'
  const engine = os === 'ios' ? 'webkit' : os === 'android' ? 'blink' : pick(['blink', 'gecko'])
  const problems: Problem[] = random() < 0.04 ? [pick(PROBLEMS)] : []
  const ready = random() < 0.05 ? null : time(1200)
  const iso = new Date(at).toISOString()
  const row: StoredReport = {
    received_at: iso,
    view_at: iso,
    route: ROUTES[routeIndex]!,
    release: releaseOf(routeIndex, Math.max(0, k)),
    client,
    os,
    app_version: client === 'app' ? pick(['3.0.0', '3.1.0', '3.2.0', '3.3.1', '3.4.0']) : null,
    engine,
    engine_major: engine === 'webkit' ? pick([16, 17, 18]) : engine === 'blink' ? 118 + Math.floor(random() * 7) : 128,
    cohort: null,
    via: null,
    source: Math.floor(random() * 256),
    sample: 1,
    view: `b${(++viewSeq).toString(36)}${Math.floor(random() * 1e9).toString(36)}`.slice(0, 32),
    seq: 0,
    final: true,
    head: ready === null && random() < 0.5,
    nav: 'navigate',
    ready,
    audio_tried: random() < 0.2,
    ttfb: time(150),
    fcp: time(600),
    lcp: engine === 'webkit' ? null : time(1100),
    inp: random() < 0.5 ? time(80) : null,
    cls: random() < 0.8 ? Math.round(random() * 50) / 1000 : null,
    has_error: problems.some(isErrorProblem),
    has_audio_failure: false,
    problems,
    dropped: 0,
    lost: 0,
  }
  // One view in ten sends a fatal report first, then its final one.
  return random() < 0.1
    ? [
        { ...row, seq: 0, final: false, ready: null },
        { ...row, seq: 1, received_at: new Date(at + 5000).toISOString() },
      ]
    : [row]
}

/** The reports in the database, counted (seconds at 50 M, and the figure the results name must be exact). */
async function count(db: Db): Promise<number> {
  const [row] = await db.query<{ n: string }>('SELECT count(*)::bigint AS n FROM telemetry_reports')
  return Number(row!.n)
}

async function seedReports(db: Db, have: number): Promise<{ seeded: number; seconds: number }> {
  const want = target - have
  if (want <= 0) return { seeded: 0, seconds: 0 }
  const batch = Number(args.batch)
  const start = Date.now() - DAYS * 86_400_000
  const span = DAYS * 86_400_000 - 60_000
  await ensurePartitions(db, new Date(start), new Date())
  let made = 0
  let next = 0
  const began = performance.now()
  let shown = began
  // In time order, as reports arrive: each batch a slice of the week.
  const slices = Math.ceil(want / batch)
  const writer = async () => {
    for (;;) {
      const slice = next++
      if (slice >= slices) return
      const from = start + (span * slice) / slices
      const rows: StoredReport[] = []
      while (rows.length < Math.min(batch, want - slice * batch)) rows.push(...viewReports(from + random() * (span / slices)))
      await writeBatch(db, rows)
      made += rows.length
      const now = performance.now()
      if (now - shown > 10_000) {
        shown = now
        const rate = made / ((now - began) / 1000)
        console.error(
          `  seeded ${made.toLocaleString('en')} of ${want.toLocaleString('en')} (${Math.round(rate)} a second, ${Math.round((want - made) / rate / 60)} min to go)`,
        )
      }
    }
  }
  await Promise.all(Array.from({ length: Number(args.writers) }, writer))
  return { seeded: made, seconds: (performance.now() - began) / 1000 }
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
}
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`

/**
 * One GET of `url`, timed to its last byte, as an operator's tool on another machine asks it (gzip
 * accepted): the bytes are read and dropped, not inflated here, so this process's work on the shared two
 * cores is the least a client's can be.
 */
function timed(url: string): Promise<number> {
  const began = performance.now()
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: keepAlive, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.resume()
      res.once('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - began) : reject(new Error(`${url} answered ${res.statusCode}`)),
      )
    })
    req.once('error', reject)
  })
}
const keepAlive = new Agent({ keepAlive: true })

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kids-bench-health-'))
  const databaseUrl = args['database-url']
  console.error(
    `== bench:health: ${target.toLocaleString('en')} reports, on ${databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite)'}`,
  )
  const db = await openDb({ dataDir, databaseUrl, migrate: true })
  await seedIfEmpty(db)
  await recordReleaseEvents(
    db,
    ROUTES.flatMap((route, i) => [0, 1, 2].map((k) => ({ route, release: releaseOf(i, k), kind: 'live' as const, run: `bench ${k + 1}` }))),
  )
  const have = await count(db)
  console.error(`== ${have.toLocaleString('en')} reports already there; seeding ${Math.max(0, target - have).toLocaleString('en')}`)
  const seeding = await seedReports(db, have)
  if (seeding.seeded > 0) {
    console.error(
      `== seeded ${seeding.seeded.toLocaleString('en')} in ${Math.round(seeding.seconds)} s (${Math.round(seeding.seeded / seeding.seconds)} a second); ANALYZE`,
    )
    await db.exec('ANALYZE')
  }
  if (args['seed-only']) {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
    return
  }
  const sizes = await db.query<{ name: string; size: string }>(
    `SELECT relname AS name, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class
     WHERE relname IN ('telemetry_hours', 'telemetry_minutes', 'telemetry_splits', 'telemetry_problems', 'telemetry_sources') ORDER BY 1`,
  )
  const [raw] = await db.query<{ size: string }>(
    `SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS size FROM pg_inherits WHERE inhparent = 'telemetry_reports'::regclass`,
  )
  const [rollupRows] = await db.query<{ hours: number; splits: number; sources: number }>(
    `SELECT (SELECT count(*) FROM telemetry_hours)::int AS hours, (SELECT count(*) FROM telemetry_splits)::int AS splits, (SELECT count(*) FROM telemetry_sources)::int AS sources`,
  )

  await db.close()
  // The server in a process of its own, and the share lookups timed from another (bench/load): the
  // operators' reads here must not share the server's event loop, nor the timer's.
  const server = await startInstance({
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'none'),
    RATE_LIMITS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const base = server.url
  const reports = have + seeding.seeded
  const health = `${base}/ops/release-health?since=168`
  await timed(health)
  const replies: number[] = []
  for (let i = 0; i < Number(args.runs); i++) replies.push(await timed(health))
  const seconds = Number(args.seconds)
  const lookupUrl = `${base}/v1/share/uar?r=${DEMO_SHARES.book}`
  const quiet = (await timeRequests(lookupUrl, seconds, { gapMs: 20 })).latencies
  /** Share lookups while two operators read `url` without pause: their latencies, and how many reads. */
  const beside = async (url: string) => {
    let reading = true
    const readers = [0, 1].map(async () => {
      let n = 0
      while (reading) {
        await timed(url)
        n++
      }
      return n
    })
    const { latencies } = await timeRequests(lookupUrl, seconds, { gapMs: 20 })
    reading = false
    return { latencies, reads: (await Promise.all(readers)).reduce((a, b) => a + b, 0) }
  }
  const { latencies: busy, reads } = await beside(health)
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })

  const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim()
  const result = {
    commit,
    at: new Date().toISOString(),
    machine: `${cpus().length} cores, ${Math.round(totalmem() / 1024 ** 3)} GB`,
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    reports,
    rawSize: raw?.size ?? null,
    rollups: Object.fromEntries(sizes.map((s) => [s.name, s.size])),
    rollupRows,
    seeding,
    reply: { runs: replies.length, p50: percentile(replies, 0.5), p95: percentile(replies, 0.95), max: Math.max(...replies) },
    shareLookup: {
      quiet: { n: quiet.length, p50: percentile(quiet, 0.5), p95: percentile(quiet, 0.95) },
      whileHealthRead: { n: busy.length, p50: percentile(busy, 0.5), p95: percentile(busy, 0.95), healthReads: reads },
    },
  }
  const ratio = result.shareLookup.whileHealthRead.p95 / result.shareLookup.quiet.p95
  const md = [
    `# bench:health, ${reports.toLocaleString('en')} reports (${result.at.slice(0, 10)}, commit ${commit})`,
    '',
    `${result.machine}, ${result.database}; raw reports ${result.rawSize}, rollups ${sizes.map((s) => `${s.name} ${s.size}`).join(', ')}; rows: ${rollupRows?.hours} hours, ${rollupRows?.splits} splits, ${rollupRows?.sources} sources.`,
    seeding.seeded > 0
      ? `Seeded ${seeding.seeded.toLocaleString('en')} through the storage path in ${Math.round(seeding.seconds)} s (${Math.round(seeding.seeded / seeding.seconds)} a second).`
      : 'Seeded before this run.',
    '',
    '| what | p50 | p95 | max | goal |',
    '|---|---|---|---|---|',
    `| 7-day reply (${replies.length} runs) | ${ms(result.reply.p50)} | ${ms(result.reply.p95)} | ${ms(result.reply.max)} | p95 ≤ 1 s at 10 M, ≤ 2 s at 50 M |`,
    `| share lookup, quiet (${quiet.length}) | ${ms(result.shareLookup.quiet.p50)} | ${ms(result.shareLookup.quiet.p95)} | | |`,
    `| share lookup, health read without pause by two (${busy.length}; ${reads} reads) | ${ms(result.shareLookup.whileHealthRead.p50)} | ${ms(result.shareLookup.whileHealthRead.p95)} | | p95 ≤ 1.5 × quiet: × ${ratio.toFixed(2)} |`,
    '',
  ].join('\n')
  const dir = resolve(args['out-dir'] ?? join(root, 'bench/results'))
  mkdirSync(dir, { recursive: true })
  const name = `health-${reports >= 1e6 ? `${Math.round(reports / 1e6)}M` : reports}`
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`)
  writeFileSync(join(dir, `${name}.md`), md)
  console.log(md)
}

await main()
