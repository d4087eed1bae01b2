/**
 * Issue 48 item 1: a service start. The server built into one file (`npm run build:server`) and run by plain
 * `node` under a supervisor: the systemd unit of docs/server.md ("In production") is read from the doc and its
 * ExecStart run as systemd runs it (its environment file only, its working directory, a process group of
 * its own); SIGTERM to the main PID drains (`/readyz` 503 at once, the request in flight finished, new ones
 * refused, exit 0 within the grace). The old defect: SIGTERM to `npm run serve` ended npm and left the
 * server running, undrained. And no warning a newcomer would read as a problem on a clean `npm run build`,
 * `npm run build:server` and start (demo and production, uploads on disk and in a bucket).
 *
 * The bundle is built here (`buildServerBundle`, ~0.3 s; each file renamed into place, so a run beside
 * another does no harm): nothing else in CI needs it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServerBundle, SERVER_BUNDLE_DIR } from '../../scripts/build/server-bundle'
import { DEFAULT_SHUTDOWN_GRACE_S } from '../../server/http/drain'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { SAMPLE_CATALOG_FILE } from '../../server/seed/seed-catalog'
import { startS3Server, type S3Server } from '../delivery/helpers/s3-server'
import { templateCopy } from './helpers/test-db'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BANNER = /Reference server on (http:\/\/\S+)/
const BUSY_MSG = '服务繁忙，请稍后再试'
/** What Node, a library or a bundler prints when something may be wrong: none of it on a clean build or start. */
const WARNING = /warn|deprecat|\(node:\d+\)|\(!\)|PLUGIN_TIMINGS|experimental/i

/** The environment systemd gives a service: its own few variables, none of the shell's, then the unit's files. */
const SYSTEMD_BASE_ENV = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' }

/** A shell's environment without what vitest adds (NODE_ENV=test, VITEST…): a newcomer's terminal. */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false' }
  for (const key of Object.keys(env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST' || key.startsWith('AWS_')) delete env[key]
  }
  return { ...env, ...extra }
}

const temps: string[] = []
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}
const running = new Set<ChildProcess>()
let s3: S3Server | undefined

beforeAll(async () => {
  const { warnings } = await buildServerBundle()
  expect(warnings).toEqual([])
  // The production starts' database, migrated once (tens of seconds for a new PGlite on a loaded machine).
  await productionDataDir()
}, 180_000)
afterAll(async () => {
  for (const child of running) if (child.pid) killGroup(child.pid, 'SIGKILL')
  await s3?.stop()
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

/** Sends `signal` to the process group `pgid` (a detached child's), if anything is left in it. */
function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // Already gone.
  }
}

/** Whether any process of the group `pgid` still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

interface Started {
  child: ChildProcess
  url: string
  /** stdout and stderr as they arrived. */
  out: () => string
  err: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
}

/** Starts `command` in a process group of its own (as systemd and `setsid` do) and waits for its banner. */
async function startProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text))
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal, at: performance.now() })
    }),
  )
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = BANNER.exec(out)
      if (match) {
        clearInterval(timer)
        resolve(match[1]!)
      }
    }, 50)
    void exited.then(({ code }) => {
      clearInterval(timer)
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) while starting:\n${out}\n${err}`))
    })
  })
  return { child, url, out: () => out, err: () => err, exited }
}

/** Lines that read as a warning. */
const warnings = (text: string) => text.split('\n').filter((line) => WARNING.test(line))

const BOUNDARY = 'service-boundary'
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000, 1)])

interface Answer {
  status: number
  body: string
}

/** An upload sent up to its last bytes and held there: a request in flight until `finish()`. */
function heldUpload(url: string, token: string): { finish(): void; answer: Promise<Answer | Error> } {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
  const body = Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
  const req = request(`${url}/v1/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': body.length,
    },
  })
  const answer = new Promise<Answer | Error>((resolve) => {
    req.on('response', (res: IncomingMessage) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body: text }))
    })
    req.on('error', resolve)
  })
  req.write(body.subarray(0, body.length - 10))
  return { finish: () => req.end(body.subarray(body.length - 10)), answer }
}

/** Waits until the server holds the upload's first bytes (its part file in `<dataDir>/uploads`). */
const partWritten = (dataDir: string) =>
  expect
    .poll(() => existsSync(join(dataDir, 'uploads')) && readdirSync(join(dataDir, 'uploads')).some((name) => name.endsWith('.part')), {
      timeout: 15_000,
    })
    .toBe(true)

const status = async (url: string) => (await fetch(url)).status

/**
 * What a supervisor sees of a drain: SIGTERM to `pid` while `held` is in flight; `/readyz` 503 at once, a new
 * request refused with 503 服务繁忙, the held request finished 200, the process gone with exit 0 within `graceS`,
 * and nothing of its process group left.
 */
async function expectDrain(server: Started, token: string, dataDir: string, signalPid: number, graceS: number): Promise<void> {
  const held = heldUpload(server.url, token)
  await partWritten(dataDir)
  expect(await status(`${server.url}/readyz`)).toBe(200)
  const signalled = performance.now()
  process.kill(signalPid, 'SIGTERM')
  await expect.poll(() => status(`${server.url}/readyz`), { timeout: 3000, interval: 20 }).toBe(503)
  const refused = await fetch(`${server.url}/v1/user/vipInfo`, { headers: { authorization: `Bearer ${token}` } })
  expect(refused.status).toBe(503)
  expect(refused.headers.get('connection')).toBe('close')
  expect(((await refused.json()) as { msg: string }).msg).toBe(BUSY_MSG)
  held.finish()
  const answer = await held.answer
  expect(answer).not.toBeInstanceOf(Error)
  expect((answer as Answer).status).toBe(200)
  expect(JSON.parse((answer as Answer).body)).toMatchObject({ result: 'SUCCESS', data: { url: expect.stringMatching(/^\/uploads\//) } })
  const exit = await server.exited
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null })
  expect(exit.at - signalled).toBeLessThan(graceS * 1000)
  expect(server.out()).toMatch(/SIGTERM: draining/)
  expect(server.out()).toMatch(/stopped after \d+ ms\n/)
  // No orphan: the whole process group is gone.
  await expect.poll(() => groupAlive(server.child.pid!), { timeout: 5000 }).toBe(false)
}

/** The systemd unit of docs/server.md: its `[Service]` keys (a key given twice keeps both values). */
function unitFromDocs(): Map<string, string[]> {
  const doc = readFileSync(join(REPO_ROOT, 'docs/server.md'), 'utf8')
  const block = [...doc.matchAll(/```ini\n([\s\S]*?)```/g)].map((m) => m[1]!).find((text) => /^\s*\[Service\]/m.test(text))
  if (!block) throw new Error('docs/server.md has no systemd unit (an ```ini block with [Service])')
  const keys = new Map<string, string[]>()
  let section = ''
  for (const raw of block.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const header = /^\[(\w+)\]$/.exec(line)
    if (header) {
      section = header[1]!
      continue
    }
    const eq = line.indexOf('=')
    if (section !== 'Service' || eq < 0) continue
    const key = line.slice(0, eq).trim()
    keys.set(key, [...(keys.get(key) ?? []), line.slice(eq + 1).trim()])
  }
  return keys
}

/** An environment file as systemd reads it: `KEY=value` lines, `#` comments, quotes around a value removed. */
function readEnvironmentFile(file: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const eq = line.indexOf('=')
    env[line.slice(0, eq).trim()] = line
      .slice(eq + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
  }
  return env
}

/** `node dist-server/migrate.mjs` with `env`, as a deploy runs it before the instances. */
async function migrate(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(SERVER_BUNDLE_DIR, 'migrate.mjs')], { cwd: REPO_ROOT, env })
  return stdout
}

/** `npm run catalog -- import <file>` with `env` (docs/server.md's step 5), its output. */
async function importCatalog(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/catalog-cli.ts', 'import', SAMPLE_CATALOG_FILE],
    {
      cwd: REPO_ROOT,
      env: { ...env, PATH: process.env.PATH },
    },
  )
  return stdout
}

let migrated: Promise<string> | undefined
/**
 * A data folder for a production start: a new PGlite database migrated by the bundle's `migrate.mjs` (the
 * deploy step; a production start refuses an unmigrated one) and given its catalogue (else the start says so),
 * as docs/server.md's steps do, once for the file, copied for each start.
 */
async function productionDataDir(): Promise<string> {
  migrated ??= (async () => {
    const dir = temp('kids-service-migrated-')
    expect(await migrate({ ...SYSTEMD_BASE_ENV, HOME: dir, DATA_DIR: dir })).toMatch(/Migrated: 001_/)
    expect(await importCatalog({ ...SYSTEMD_BASE_ENV, HOME: dir, DATA_DIR: dir, DATABASE_URL: '' })).toContain('space goods: 5 added')
    return dir
  })()
  const dataDir = temp('kids-service-data-')
  cpSync(await migrated, dataDir, { recursive: true })
  return dataDir
}

describe('a clean build prints no warning', () => {
  it('npm run build:server: one line, the files it wrote', async () => {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', 'build:server'], { cwd: REPO_ROOT, env: shellEnv() })
    expect(stdout).toMatch(
      /Server built in \d+ ms: dist-server\/main\.mjs, dist-server\/migrate\.mjs, dist-server\/health-worker-start\.mjs/,
    )
    expect(warnings(stdout + stderr)).toEqual([])
    expect(stderr).toBe('')
  }, 60_000)

  it('npm run build (Vite): no [PLUGIN_TIMINGS] report, no config-loader warning', async () => {
    // Into a folder of its own: the other test files read dist/ meanwhile.
    const outDir = temp('kids-service-build-')
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', 'build', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: REPO_ROOT,
      env: shellEnv(),
      maxBuffer: 16 * 1024 * 1024,
    })
    expect(stdout).toMatch(/✓ built in/)
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
    expect(warnings(stdout + stderr)).toEqual([])
  }, 240_000)
})

describe('under systemd: the unit of docs/server.md', () => {
  it('runs node on the bundle as a non-root user, stops with SIGTERM and gives the drain its time', () => {
    const unit = unitFromDocs()
    const one = (key: string) => {
      const values = unit.get(key) ?? []
      expect(values, `${key}= in the unit`).toHaveLength(1)
      return values[0]!
    }
    expect(basename(one('ExecStart').split(/\s+/)[0]!)).toBe('node')
    expect(one('ExecStart').split(/\s+/).slice(1)).toEqual(['dist-server/main.mjs'])
    expect(isAbsolute(one('WorkingDirectory'))).toBe(true)
    expect(isAbsolute(one('EnvironmentFile'))).toBe(true)
    expect(one('User')).not.toMatch(/^(root|0)$/)
    expect(one('KillSignal')).toBe('SIGTERM')
    expect(one('Restart')).toBe('on-failure')
    // Above the grace and the 5 s a drain takes to clean up after cutting (http/drain.ts): SIGKILL never cuts a drain.
    expect(Number(one('TimeoutStopSec'))).toBeGreaterThan(DEFAULT_SHUTDOWN_GRACE_S + 5)
  })

  it('SIGTERM to the main PID: /readyz 503 at once, the upload in flight finished, new requests 503, exit 0 within the grace', async () => {
    const unit = unitFromDocs()
    const [node, ...args] = unit.get('ExecStart')![0]!.split(/\s+/)
    expect(basename(node!)).toBe('node')
    const dataDir = await productionDataDir()
    // The unit's EnvironmentFile, with this test's values (a production start on PGlite, the test sign-in).
    const envFile = join(temp('kids-service-etc-'), 'server.env')
    const graceS = 20
    writeFileSync(
      envFile,
      [
        '# the service environment (docs/server.md "Under systemd")',
        'NODE_ENV=production',
        'HOST=127.0.0.1',
        'PORT=0',
        `DATA_DIR=${dataDir}`,
        `AUTH_JWT_SECRET="${TEST_SECRET}"`,
        `AUTH_JWT_ISSUER=${TEST_ISSUER}`,
        `AUTH_JWT_AUDIENCE=${TEST_AUDIENCE}`,
        `SHUTDOWN_GRACE_S=${graceS}`,
        '',
      ].join('\n'),
    )
    const env = { ...SYSTEMD_BASE_ENV, HOME: dataDir, ...readEnvironmentFile(envFile) }
    // The Node running these tests stands for the unit's /usr/bin/node; WorkingDirectory= is this checkout.
    const server = await startProcess(process.execPath, args, REPO_ROOT, env)
    expect(server.out()).toMatch(/production: signed tokens only, no demo data/)
    const token = await signToken({ subject: 'service-start-user' })
    // The main PID is node itself: nothing between the supervisor and the server.
    await expectDrain(server, token, dataDir, server.child.pid!, graceS)
    expect(server.err()).toBe('')
  }, 180_000)
})

describe('the bundle in a worker thread', () => {
  it("the health read's worker loads from dist-server/ under plain node and runs to its database connection", async () => {
    // health-reads.ts starts `./health-worker-start.mjs` beside its module: in the bundle, this file. Its
    // database is unreachable here, so it stops at its first connection: proof that it loaded (no TypeScript
    // loader, no module missing) and ran.
    const worker = new Worker(join(SERVER_BUNDLE_DIR, 'health-worker-start.mjs'), {
      workerData: { url: 'postgres://nobody@127.0.0.1:1/none' },
      stdout: true,
      stderr: true,
    })
    const error = await new Promise<unknown>((resolve) => worker.once('error', resolve))
    expect(error).toMatchObject({ code: 'ECONNREFUSED', port: 1 })
    await worker.terminate()
  }, 60_000)
})

describe('npm run serve (the demo): the old defect', () => {
  it('SIGTERM to npm drains the server and leaves nothing running', async () => {
    const dataDir = await templateCopy()
    temps.push(dataDir)
    const graceS = 20
    const server = await startProcess(
      'npm',
      ['run', 'serve'],
      REPO_ROOT,
      shellEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_GRACE_S: String(graceS) }),
    )
    // Before issue 48 npm ended at once, its `sh -c` child with it, and the server kept answering /readyz 200.
    await expectDrain(server, DEMO_TOKENS.vip, dataDir, server.child.pid!, graceS)
    expect(warnings(server.out() + server.err())).toEqual([])
  }, 180_000)
})

describe('a clean start prints no warning', () => {
  it('the bundle as the demo, uploads on disk', async () => {
    const dataDir = await templateCopy()
    temps.push(dataDir)
    const server = await startProcess(process.execPath, ['dist-server/main.mjs'], REPO_ROOT, {
      ...SYSTEMD_BASE_ENV,
      HOME: dataDir,
      PORT: '0',
      DATA_DIR: dataDir,
    })
    // The demo as `tsx server/main.ts` serves it: its data, its media, the fake host's script.
    expect(server.out()).toMatch(/Tokens: VIP/)
    const share = await fetch(`${server.url}/v1/share/uar?r=demo-book`)
    expect(((await share.json()) as { result: string }).result).toBe('SUCCESS')
    expect((await fetch(`${server.url}/__fake-host.js`)).status).toBe(200)
    process.kill(server.child.pid!, 'SIGTERM')
    expect((await server.exited).code).toBe(0)
    expect(warnings(server.out())).toEqual([])
    expect(server.err()).toBe('')
  }, 180_000)

  it('the bundle in production, uploads in a bucket (the AWS SDK says nothing about Node 20)', async () => {
    s3 = await startS3Server()
    const dataDir = await productionDataDir()
    const bucketEnv = Object.fromEntries(
      Object.entries(s3.env).filter(([key]) => key !== 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'),
    )
    const env = {
      ...SYSTEMD_BASE_ENV,
      ...bucketEnv,
      HOME: dataDir,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      AUTH_JWT_SECRET: TEST_SECRET,
      AUTH_JWT_ISSUER: TEST_ISSUER,
      AUTH_JWT_AUDIENCE: TEST_AUDIENCE,
      UPLOADS_URL: 's3://h5/service-start',
      UPLOADS_PUBLIC_URL: s3.publicUrl('service-start'),
      // The drive's app (a start only checks the settings; without them it says the import is off).
      BAIDU_CLIENT_ID: 'service-start-app',
      BAIDU_CLIENT_SECRET: 'service-start-secret',
      BAIDU_REDIRECT_URI: 'oob',
    }
    const server = await startProcess(process.execPath, ['dist-server/main.mjs'], REPO_ROOT, env)
    const token = await signToken({ subject: 'service-bucket-user' })
    const upload = heldUpload(server.url, token)
    upload.finish()
    const answer = (await upload.answer) as Answer
    expect(answer.status).toBe(200)
    const { data } = JSON.parse(answer.body) as { data: { url: string } }
    expect(await s3.keys('service-start')).toContain(data.url.replace(/^\//, ''))
    process.kill(server.child.pid!, 'SIGTERM')
    expect((await server.exited).code).toBe(0)
    expect(warnings(server.out())).toEqual([])
    expect(server.err()).toBe('')
  }, 180_000)
})
