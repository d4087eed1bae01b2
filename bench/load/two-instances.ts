/**
 * `npm run bench:load:instances -- --database-url <postgres url>`: the heavy-user rule across instances
 * (issue 40 item 4). Two instances of the server on one PostgreSQL (a fresh database on that server,
 * dropped after); the heavy user of heavy-user.ts floods both, and the small user's `GET /v1/directory/0`
 * on one instance is timed one request after another (time-requests.ts):
 *   1. alone;
 *   2. while the heavy user lists its 1,000-book folder on 8 connections to each instance and runs 2
 *      cloud-drive imports of 1,000 files;
 *   3. while a flood from another address sends a new bogus token with every request, 8 connections to
 *      each instance.
 * Each run twice: with the rate limits as the server has them, and with them off (`RATE_LIMITS=off`), to
 * show what they add to the per-instance fair turns. Goal: the small user's p99 ≤ 300 ms.
 *   --seconds N (5), --out FILE (also write the table there)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { THOUSAND_DIR } from '../../server/cloud-drive/demo/demo-drive.ts'
import { demoFsIdOf } from '../../server/cloud-drive/demo/demo-provider.ts'
import { DEMO_TOKENS, DEMO_USERS } from '../../server/seed/demo.ts'
import { startInstance, timeRequests, type Instance } from './children.ts'
import { createDatabase, dropDatabase } from './create-database.ts'
import { seedHeavyUser } from './heavy-user.ts'

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, seconds: { type: 'string', default: '5' }, out: { type: 'string' } },
})
const baseUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL
if (!baseUrl) {
  console.error('--database-url <postgres url> (or TEST_DATABASE_URL) is required: a server where a database can be created')
  process.exit(1)
}
const seconds = Number(values.seconds)
/** The small user waits this long between its requests: under the per-user rate limit (60 a second), as a person is. */
const USER_GAP_MS = 20
const SMALL = { authorization: `Bearer ${DEMO_TOKENS.vip}` }
const HEAVY = { authorization: `Bearer ${DEMO_TOKENS.basic}` }

async function startOne(databaseUrl: string, limits: boolean): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-instance-'))
  // TRUST_PROXY: the bogus flood comes from an address of its own (X-Forwarded-For), not the small user's.
  const instance = await startInstance({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RATE_LIMITS: limits ? 'on' : 'off',
    TRUST_PROXY: '127.0.0.1',
  })
  return { url: instance.url, stop: () => instance.stop().then(() => rmSync(dataDir, { recursive: true, force: true })) }
}

/** The small user's listing, one request after another, timed in a process of its own. */
const timeSmall = (url: string) => timeRequests(url, seconds, { authorization: SMALL.authorization, gapMs: USER_GAP_MS })

const percentile = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)] ?? NaN
const flood = (url: string, headers: Record<string, string>) => autocannon({ url, headers, connections: 8, duration: seconds })
/** 8 connections from one other address (198.51.100.7), each request with a token never seen before. */
const bogusFlood = (url: string) => {
  let n = 0
  return autocannon({
    url,
    connections: 8,
    duration: seconds,
    headers: { 'x-forwarded-for': '198.51.100.7' },
    requests: [
      { setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer bogus-${process.pid}-${n++}` } }) },
    ],
  })
}
const refused = (results: Result[]) => results.reduce((sum, r) => sum + r.non2xx, 0)
const answered = (results: Result[]) => results.reduce((sum, r) => sum + r.requests.total, 0)
const fmt = ({ latencies, failed }: { latencies: number[]; failed: number }) =>
  `${latencies.length} | ${failed} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 99).toFixed(1)} ms`

const rows: string[] = []
const loadBefore = loadavg()
for (const limits of [true, false]) {
  const databaseUrl = await createDatabase(baseUrl, `bench_instances_${process.pid}`)
  const instances: Instance[] = []
  try {
    console.error(`rate limits ${limits ? 'on' : 'off'}: seeding the heavy user`)
    const fullFolder = await seedHeavyUser({ databaseUrl })
    instances.push(...(await Promise.all([startOne(databaseUrl, limits), startOne(databaseUrl, limits)])))
    const [a, b] = instances as [Instance, Instance]
    const smallListing = `${a.url}/v1/directory/0`
    await timeSmall(smallListing) // warm-up
    const alone = await timeSmall(smallListing)

    await fetch(`${a.url}/v1/dev/cloudDrive/grant`, {
      method: 'POST',
      headers: { ...HEAVY, 'content-type': 'application/json' },
      body: '{}',
    })
    for (let i = 0; i < 2; i++) {
      await fetch(`${a.url}/v1/cloudDrive/import`, {
        method: 'POST',
        headers: { ...HEAVY, 'content-type': 'application/json' },
        body: JSON.stringify({ fsIds: [demoFsIdOf(DEMO_USERS.basic.id, THOUSAND_DIR)], parentId: 0 }),
      })
    }
    const heavy = await Promise.all([
      flood(`${a.url}/v1/directory/${fullFolder}`, HEAVY),
      flood(`${b.url}/v1/directory/${fullFolder}`, HEAVY),
      timeSmall(smallListing),
    ])
    const bogus = await Promise.all([bogusFlood(`${a.url}/v1/directory/0`), bogusFlood(`${b.url}/v1/directory/0`), timeSmall(smallListing)])
    const limitsName = limits ? 'on' : 'off'
    rows.push(`| ${limitsName} | alone | — | ${fmt(alone)} |`)
    const [heavyA, heavyB, heavySmall] = heavy
    rows.push(
      `| ${limitsName} | heavy user floods both (8 + 8 connections, 1,000-book folder) and imports | ${answered([heavyA, heavyB])} answered, ${refused([heavyA, heavyB])} refused | ${fmt(heavySmall)} |`,
    )
    const [bogusA, bogusB, bogusSmall] = bogus
    rows.push(
      `| ${limitsName} | a new bogus token per request (8 + 8 connections) | ${answered([bogusA, bogusB])} answered, ${refused([bogusA, bogusB])} refused | ${fmt(bogusSmall)} |`,
    )
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()))
    await dropDatabase(databaseUrl)
  }
}
const table = [
  `Two instances on one PostgreSQL, ${seconds} s per phase, loopback, ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} after (1/5/15 min). The small user's \`GET /v1/directory/0\` on instance 1, one request after another.`,
  '',
  '| rate limits | meanwhile | flood | small user requests | failed | p50 | p99 |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n')
console.log(table)
if (values.out) writeFileSync(values.out, `${table}\n`)
