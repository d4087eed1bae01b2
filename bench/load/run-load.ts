/**
 * `npm run bench:load`: one heavy user must not slow everyone (issue 17 item 1, issue 32 item 4).
 * Starts the reference server on loopback with a fresh data folder and the heavy user
 * (heavy-user.ts), then measures with autocannon, each phase a fixed number of connections for a few
 * seconds:
 *   1. `GET /v1/directory/0` of a small user (the demo VIP: 2 folders) alone;
 *   2. the same listing of the heavy user alone;
 *   3. the heavy user's listing hammered by 3 connections while, at the same time, one connection
 *      loads the static page `/recorded_share` and one lists the small user's root;
 *   4. the small user's listing alone again, timed to the microsecond (the idle figure of 5);
 *   5. the heavy user lists its 1,000-book folder on 8 connections and runs 2 cloud-drive imports
 *      (1,000 files each) while the small user lists its root: its p50 and p99 against phase 4's.
 * Prints Markdown tables with the machine's load average. Stops the server and deletes the data.
 *   --seconds N (5), --out FILE (also write the tables there), --dist DIR (built pages; default dist/)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { THOUSAND_DIR } from '../../server/cloud-drive/demo/demo-drive.ts'
import { demoFsIdOf } from '../../server/cloud-drive/demo/demo-provider.ts'
import { DEMO_TOKENS, DEMO_USERS } from '../../server/seed/demo.ts'
import { REPO_ROOT } from '../../server/paths.ts'
import { startInstance, timeRequests } from './children.ts'
import { BOOKS_PER_FOLDER, FULL_FOLDER_BOOKS, HEAVY_FOLDERS, seedHeavyUser } from './heavy-user.ts'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, out: { type: 'string' }, dist: { type: 'string' } } })
const seconds = Number(values.seconds)
const distDir = values.dist ?? join(REPO_ROOT, 'dist')
if (!existsSync(join(distDir, 'recorded_share', 'index.html'))) {
  console.error(`${distDir}/recorded_share/index.html is missing: run \`npm run build\` first (or pass --dist)`)
  process.exit(1)
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const SMALL = auth(DEMO_TOKENS.vip)
const HEAVY = auth(DEMO_TOKENS.basic)

/** The server, without rate limits: this bench measures the turns at the database, which a limit would hide behind 429s (bench:load:instances measures both). */
const startChild = (dataDir: string) => startInstance({ DATA_DIR: dataDir, DIST_DIR: distDir, RATE_LIMITS: 'off' })

const run = (url: string, headers: Record<string, string>, connections: number) =>
  autocannon({ url, headers, connections, duration: seconds })

/** One connection asking `url` again as soon as each answer is in, for `seconds`, timed in a process of its own. */
const timeSequential = (url: string, headers: Record<string, string>, seconds: number) =>
  timeRequests(url, seconds, headers.authorization ? { authorization: headers.authorization } : {})

/** The `p`th percentile (0–100) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** POST `body` as JSON; the reply's `data`. */
async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const reply = (await res.json()) as { result: string; data: unknown; msg: string }
  if (reply.result !== 'SUCCESS') throw new Error(`${url}: ${reply.msg}`)
  return reply.data
}

/** How many files of the heavy user's import jobs are done. */
async function importedFiles(base: string, jobIds: string[]): Promise<number> {
  let done = 0
  for (const jobId of jobIds) {
    const res = await fetch(`${base}/v1/cloudDrive/import/${jobId}`, { headers: HEAVY })
    done += ((await res.json()) as { data: { done: number } }).data.done
  }
  return done
}

const ms = (value: number) => `${Math.round(value)} ms`
const fine = (value: number) => `${value.toFixed(1)} ms`
/** A phase where nothing came back has no latency to show: every request took longer than the phase. */
const row = (name: string, connections: string, r: Result) => {
  const none = `none back in ${seconds} s`
  const [p50, p99] = r.requests.total === 0 ? [none, none] : [ms(r.latency.p50), ms(r.latency.p99)]
  return `| ${name} | ${connections} | ${r.requests.total} | ${p50} | ${p99} | ${r.non2xx + r.errors + r.timeouts} |`
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'))
let stop: (() => Promise<void>) | undefined
try {
  console.error(`seeding the heavy user (${HEAVY_FOLDERS} folders, ${HEAVY_FOLDERS * BOOKS_PER_FOLDER} books) into ${dataDir}`)
  const fullFolder = await seedHeavyUser(dataDir)
  const server = await startChild(dataDir)
  stop = server.stop
  const listing = `${server.url}/v1/directory/0`
  const page = `${server.url}/recorded_share`
  for (const r of await Promise.all([run(listing, HEAVY, 1), run(page, {}, 1)])) void r // warm-up
  const loadBefore = loadavg()
  console.error('1/3 small user alone, 2/3 heavy user alone, 3/3 heavy user hammered')
  const small = await run(listing, SMALL, 1)
  const heavy = await run(listing, HEAVY, 1)
  const [hammer, staticPage, other] = await Promise.all([run(listing, HEAVY, 3), run(page, {}, 1), run(listing, SMALL, 1)])
  const loadAfter = loadavg()

  console.error('4/5 small user alone, 5/5 heavy user: 8 listings of its full folder and 2 imports')
  const fairLoadBefore = loadavg()
  const idle = await timeSequential(listing, SMALL, seconds)
  await postJson(`${server.url}/v1/dev/cloudDrive/grant`, HEAVY, {})
  const thousand = demoFsIdOf(DEMO_USERS.basic.id, THOUSAND_DIR)
  const jobIds: string[] = []
  for (let i = 0; i < 2; i++) {
    jobIds.push(
      ((await postJson(`${server.url}/v1/cloudDrive/import`, HEAVY, { fsIds: [thousand], parentId: 0 })) as { jobId: string }).jobId,
    )
  }
  const importedBefore = await importedFiles(server.url, jobIds)
  const [full, loaded] = await Promise.all([
    run(`${server.url}/v1/directory/${fullFolder}`, HEAVY, 8),
    timeSequential(listing, SMALL, seconds),
  ])
  const imported = (await importedFiles(server.url, jobIds)) - importedBefore
  const fairLoadAfter = loadavg()
  const [idle50, idle99, load50, load99] = [
    percentile(idle.latencies, 50),
    percentile(idle.latencies, 99),
    percentile(loaded.latencies, 50),
    percentile(loaded.latencies, 99),
  ]
  const table = [
    `${seconds} s per phase, loopback, ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} after (1/5/15 min)`,
    '',
    '| measure | connections | requests | p50 | p99 | failed |',
    '|---|---|---|---|---|---|',
    row('small user `GET /v1/directory/0`, alone', '1', small),
    row(`heavy user (${HEAVY_FOLDERS} folders, ${HEAVY_FOLDERS * BOOKS_PER_FOLDER} books) listing, alone`, '1', heavy),
    row('heavy user listing, hammered', '3', hammer),
    row('static `/recorded_share` meanwhile', '1', staticPage),
    row('small user listing meanwhile', '1', other),
    '',
    `Fair under load (issue 32): ${seconds} s per phase, load average ${fairLoadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${fairLoadAfter.map((l) => l.toFixed(1)).join(' / ')} after.`,
    `The heavy user lists its ${FULL_FOLDER_BOOKS}-book folder on 8 connections (${full.requests.total} answers, p50 ${ms(full.latency.p50)}, p99 ${ms(full.latency.p99)}, ${full.non2xx + full.errors + full.timeouts} failed)`,
    `and runs 2 cloud-drive imports (${imported} files imported meanwhile); the small user lists its root on 1 connection.`,
    '',
    '| small user `GET /v1/directory/0` | requests | p50 | p99 | failed |',
    '|---|---|---|---|---|',
    `| alone | ${idle.latencies.length} | ${fine(idle50)} | ${fine(idle99)} | ${idle.failed} |`,
    `| beside the heavy user | ${loaded.latencies.length} | ${fine(load50)} | ${fine(load99)} | ${loaded.failed} |`,
    `| ratio (goal: p50 ≤ 5×, p99 ≤ 300 ms) | | ${(load50 / idle50).toFixed(1)}× | ${(load99 / idle99).toFixed(1)}× (${fine(load99)}) | |`,
  ].join('\n')
  console.log(table)
  if (values.out) writeFileSync(values.out, `${table}\n`)
} finally {
  await stop?.()
  rmSync(dataDir, { recursive: true, force: true })
}
