/**
 * `npm run bench:load`: one heavy user must not slow everyone (issue 17 item 1). Starts the
 * reference server on loopback with a fresh data folder and the heavy user (heavy-user.ts), then
 * measures with autocannon, each phase a fixed number of connections for a few seconds:
 *   1. `GET /v1/directory/0` of a small user (the demo VIP: 2 folders) alone;
 *   2. the same listing of the heavy user alone;
 *   3. the heavy user's listing hammered by 3 connections while, at the same time, one connection
 *      loads the static page `/recorded_share` and one lists the small user's root.
 * Prints a Markdown table with the machine's load average. Stops the server and deletes the data.
 *   --seconds N (5), --out FILE (also write the table there), --dist DIR (built pages; default dist/)
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { DEMO_TOKENS } from '../../server/seed/demo.ts'
import { REPO_ROOT } from '../../server/paths.ts'
import { BOOKS_PER_FOLDER, HEAVY_FOLDERS, seedHeavyUser } from './heavy-user.ts'

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

/** Starts serve-child.ts and resolves with its URL and a stop function. */
function startChild(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'serve-child.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      const url = /LISTENING (\S+)/.exec(text)?.[1]
      if (url) resolve({ url, stop: () => (child.kill('SIGTERM'), exited) })
    })
  })
}

const run = (url: string, headers: Record<string, string>, connections: number) =>
  autocannon({ url, headers, connections, duration: seconds })

const ms = (value: number) => `${Math.round(value)} ms`
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
  await seedHeavyUser(dataDir)
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
  ].join('\n')
  console.log(table)
  if (values.out) writeFileSync(values.out, `${table}\n`)
} finally {
  await stop?.()
  rmSync(dataDir, { recursive: true, force: true })
}
