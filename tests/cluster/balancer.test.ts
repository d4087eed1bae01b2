/**
 * Issue 48 item 2: the balancer sample of docs/server.md ("The balancer sample (nginx)"), **as printed there**
 * (only `listen` and the upstream's `server` addresses replaced), run by Debian's nginx in front of two
 * production instances on one PostgreSQL, and the documented rolling restart (scripts/ops/rolling-restart.sh)
 * run under it while clients poll through nginx:
 * - the rolling restart (each instance SIGTERMed, drained, started again, waited for): every poll a 200, never a
 *   502 nor a connection error;
 * - PostgreSQL stopped: clients get the instances' 503 with `Retry-After` through nginx (not nginx's 502 "no live
 *   upstreams"), and 200 again once it is back;
 * - a 50 MB upload through nginx, streamed (nginx's default limit is 1 MB);
 * - X-Forwarded-For as the instances read it (TRUST_PROXY=1): a client cannot choose its address.
 * One cluster for all of it. By hand: npm run with-postgres -- "npx vitest run --project cluster tests/cluster/balancer.test.ts"
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { freePort, runNginx, type Nginx } from '../e2e/support/nginx'
import { pdfOf } from '../server/helpers/uploads'
import { startCluster, type Cluster } from './support/cluster'
import { missingPostgres } from './support/postgres'

const missing = missingPostgres()
if (missing && process.env.CI) throw new Error(`the cluster tests need PostgreSQL in CI: ${missing}`)

const ROOT = resolve(import.meta.dirname, '../..')
const BUSY = '服务繁忙，请稍后再试'

/** The balancer sample of docs/server.md, exactly as printed (the ```nginx block after "Sample balancer"). */
function printedBalancerSample(): string {
  const doc = readFileSync(join(ROOT, 'docs/server.md'), 'utf8')
  const at = doc.indexOf('Sample balancer')
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(at))
  if (at < 0 || !block?.[1]) throw new Error('docs/server.md has no "Sample balancer" with an ```nginx block')
  return block[1]
}

/** The sample with its one `listen` and its upstream's `server` addresses (one per instance) replaced, nothing else. */
function withAddresses(sample: string, port: number, instancePorts: number[]): string {
  let listens = 0
  let servers = 0
  const config = sample
    .replace(/^(\s*)listen\s[^;]*;/gm, (_line, indent: string) => `${indent}listen 127.0.0.1:${++listens && port};`)
    .replace(/^(\s*)server\s+\S+:\d+(\s[^;{]*)?;/gm, (_line, indent: string, params = '') => {
      const instancePort = instancePorts[servers++]
      return `${indent}server 127.0.0.1:${instancePort}${params as string};`
    })
  if (listens !== 1 || servers !== instancePorts.length)
    throw new Error(`the balancer sample has ${listens} listen and ${servers} upstream server lines, not 1 and ${instancePorts.length}`)
  return config
}

interface Poll {
  path: string
  at: number
  /** 0: no answer (a connection error). */
  status: number
  retryAfter: string | null
  msg: string
}

async function poll(base: string, path: string, headers: Record<string, string> = {}): Promise<Poll> {
  const at = Date.now()
  try {
    const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(30_000) })
    const text = await res.text()
    let msg = ''
    try {
      msg = (JSON.parse(text) as { msg: string }).msg
    } catch {
      msg = text.slice(0, 80)
    }
    return { path, at, status: res.status, retryAfter: res.headers.get('retry-after'), msg }
  } catch (error) {
    return { path, at, status: 0, retryAfter: null, msg: String((error as Error).cause ?? error) }
  }
}

/** `{ status: count }` of some polls, for the messages and the report. */
const tally = (polls: Poll[]) =>
  polls.reduce<Record<string, number>>((counts, p) => ({ ...counts, [p.status]: (counts[p.status] ?? 0) + 1 }), {})

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('nginx with the sample of docs/server.md in front of two instances', skipBecause(missing), () => {
  let cluster: Cluster
  let nginx: Nginx
  let base: string
  let tmp: string
  let alice: Record<string, string>
  beforeAll(async () => {
    cluster = await startCluster({ fixedPorts: true, env: { SHUTDOWN_GRACE_S: '10', TRUST_PROXY: '1' } })
    alice = await cluster.signedIn('alice')
    tmp = mkdtempSync(join(tmpdir(), 'kids-balancer-'))
    chmodSync(tmp, 0o755)
    const port = await freePort()
    nginx = await runNginx(
      tmp,
      withAddresses(
        printedBalancerSample(),
        port,
        cluster.instances.map((i) => i.port),
      ),
      port,
    )
    base = `http://127.0.0.1:${port}`
  }, 120_000)
  afterAll(async () => {
    nginx?.stop()
    await cluster?.stop()
    if (tmp) rmSync(tmp, { recursive: true, force: true })
  })

  it('keeps serving through the documented rolling restart: every poll a 200, no 502, no connection error', async () => {
    // The environment's restart command (systemctl restart, in production) as a small control endpoint: SIGTERM,
    // wait for the exit, start again on the same port. It returns once the new process listens, not once ready.
    const restarts: { name: string; exit: number | null; from: number; to: number }[] = []
    const control: Server = createServer((req, res) => {
      const instance = cluster.instances.find((i) => req.method === 'POST' && req.url === `/restart/${i.port}`)
      if (!instance) return void res.writeHead(404).end('no such instance\n')
      const from = Date.now()
      instance.signal('SIGTERM')
      void instance
        .waitForExit()
        .then(async (exit) => {
          await instance.start()
          restarts.push({ name: instance.name, exit, from, to: Date.now() })
          res.writeHead(200).end('restarted\n')
        })
        .catch((error: unknown) => res.writeHead(500).end(`${String(error)}\n`))
    })
    await new Promise<void>((done) => control.listen(0, '127.0.0.1', done))
    const controlPort = (control.address() as AddressInfo).port

    let polling = true
    const polls: Poll[] = []
    const poller = async (path: string, headers?: Record<string, string>) => {
      while (polling) {
        polls.push(await poll(base, path, headers))
        await sleep(25)
      }
    }
    const pollers = [poller('/v1/directory/0', alice), poller('/v1/directory/0', alice), poller('/readyz')]
    const script = spawn(
      'bash',
      [
        join(ROOT, 'scripts/ops/rolling-restart.sh'),
        '--restart',
        `curl -fsS -X POST http://127.0.0.1:${controlPort}/restart/$INSTANCE_PORT`,
        '--timeout',
        '90',
        ...cluster.instances.map((i) => `127.0.0.1:${i.port}`),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let said = ''
    script.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()))
    script.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()))
    const exit = await new Promise<number | null>((done) => script.once('exit', done))
    await sleep(500)
    polling = false
    await Promise.all(pollers)
    control.close()
    const took = restarts
      .map((r) => {
        const stopped = cluster.instances.find((i) => i.name === r.name)!.lastLine(/stopped after/)?.text ?? 'no drain line'
        return `${r.name} ${((r.to - r.from) / 1000).toFixed(1)} s, ${stopped.trim()}`
      })
      .join('; ')
    console.log(`rolling restart through nginx (${took}): ${polls.length} polls, statuses ${JSON.stringify(tally(polls))}`)

    expect(exit, said).toBe(0)
    // Each instance drained and exited cleanly, one after the other, the second only once the first was ready.
    expect(restarts.map((r) => [r.name, r.exit])).toEqual([
      ['instance 1', 0],
      ['instance 2', 0],
    ])
    expect(said).toMatch(/127\.0\.0\.1:\d+ ready again[\s\S]*restarting 127\.0\.0\.1:\d+[\s\S]*all 2 instances restarted/)
    // The clients kept polling while each instance was away (else this would prove nothing).
    for (const r of restarts) expect(polls.filter((p) => p.at >= r.from && p.at <= r.to).length).toBeGreaterThan(3)
    const notOk = polls.filter((p) => p.status !== 200)
    expect(notOk, `${polls.length} polls: ${JSON.stringify(tally(polls))}`).toEqual([])
  }, 240_000)

  it("answers the instances' 503 with Retry-After while PostgreSQL is away (not 502), and 200 once it is back", async () => {
    expect((await poll(base, '/v1/directory/0', alice)).status).toBe(200)
    await cluster.postgres.stop()
    const during: Poll[] = []
    try {
      // Sequential, as a page's retries are: with nginx's failure marking, the second and later were 502s.
      for (let i = 0; i < 12; i++) {
        during.push(await poll(base, '/v1/directory/0', alice))
        during.push(await poll(base, '/readyz'))
      }
    } finally {
      await cluster.postgres.start()
    }
    // Back without a restart: polled until the first 200 (within 20 s), then every request through nginx works.
    const recovering: Poll[] = []
    const backBy = Date.now() + 20_000
    while (Date.now() < backBy && recovering.at(-1)?.status !== 200) {
      recovering.push(await poll(base, '/v1/directory/0', alice))
      await sleep(100)
    }
    const after: Poll[] = []
    for (let i = 0; i < 10; i++) after.push(await poll(base, i % 2 ? '/readyz' : '/v1/directory/0', i % 2 ? {} : alice))
    console.log(
      `PostgreSQL away, through nginx: ${during.length} polls, statuses ${JSON.stringify(tally(during))}; ` +
        `started again: ${recovering.length} polls to the first 200 (${JSON.stringify(tally(recovering))}), ` +
        `then ${after.length} polls, statuses ${JSON.stringify(tally(after))}`,
    )
    expect(
      during.map((p) => [p.path, p.status, p.path === '/readyz' ? 'any' : p.retryAfter, p.msg]),
      JSON.stringify(tally(during)),
    ).toEqual(during.map((p) => [p.path, 503, p.path === '/readyz' ? 'any' : '2', BUSY]))
    expect(recovering.at(-1)?.status).toBe(200)
    expect(recovering.filter((p) => p.status !== 503 && p.status !== 200)).toEqual([])
    expect(after.map((p) => p.status)).toEqual(Array(10).fill(200))
  }, 60_000)

  it('streams a 50 MB upload through nginx to an instance', async () => {
    const BOUNDARY = 'balancer-boundary'
    const pdf = pdfOf(50 * 1024 * 1024)
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    const res = await fetch(`${base}/v1/upload`, {
      method: 'POST',
      headers: { ...alice, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    })
    const text = await res.text()
    expect(res.status, text.slice(0, 200)).toBe(200)
    expect((JSON.parse(text) as { data: { fileSizeMb: number } }).data.fileSizeMb).toBe(50)
    // Passed on as it arrived, not first written whole into nginx's temp folder.
    expect(readFileSync(join(tmp, 'nginx-error.log'), 'utf8')).not.toMatch(/buffered to a temporary file/)
  }, 120_000)

  it('refuses a JSON body too large with the envelope, whether the instance or nginx refuses it', async () => {
    for (const megabytes of [1.5, 3]) {
      const res = await fetch(`${base}/v1/bookCreation/add`, {
        method: 'POST',
        headers: { ...alice, 'content-type': 'application/json' },
        body: JSON.stringify({ parentId: 0, type: 1, title: 'x', intro: 'x'.repeat(megabytes * 1024 * 1024) }),
      })
      expect([megabytes, res.status, await res.json().catch(() => 'not JSON')]).toEqual([
        megabytes,
        413,
        { result: 'PAYLOAD_TOO_LARGE', data: null, msg: '请求体过大' },
      ])
    }
  })

  it('passes the client address as the instances read it: a client cannot choose its own in X-Forwarded-For', async () => {
    // 30 refused sign-ins from this machine, each claiming another address: the instances count them as this
    // machine's (nginx appends the address it saw; TRUST_PROXY=1 believes that one only), so the 31st is a 429.
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${base}/v1/directory/0`, {
        headers: { authorization: 'Bearer not-a-signed-token', 'x-forwarded-for': `203.0.113.${i + 1}` },
      })
      await res.body?.cancel()
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array<number>(30).fill(401), 429])
  }, 60_000)
})
