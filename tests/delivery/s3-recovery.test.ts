import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { deploy as deployTo } from '../../scripts/delivery/run/deploy'
import { prune as pruneTo } from '../../scripts/delivery/run/prune'
import { s3StoreFromUrl } from '../../scripts/delivery/store/s3/s3-store'
import { LOCK_KEY, withLock } from '../../scripts/delivery/releases/lock'
import { writeMiniBuild } from './helpers/mini-build'
import { seededRandom } from './helpers/seeded-random'
import { runDeploy } from './helpers/run-deploy'
import { servedVersionsS3 } from './helpers/s3-checks'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'

const ROUTES = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']
let tmp: string
let s3: S3Server
let builds: { dir: string; manifest: PagesManifest }[]
let prefix: string
let n = 0
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-s3-recovery-'))
  builds = ['a', 'b'].map((name) => ({ dir: join(tmp, name), manifest: writeMiniBuild(join(tmp, name), ROUTES) }))
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(() => {
  prefix = `site-${n++}`
  s3.faults.length = 0
  s3.faulted.clear()
  s3.onRequest = null
})

const to = () => `s3://${BUCKET}/${prefix}`
const deploy = (build: number, ...args: string[]) => runDeploy(['--to', to(), '--from', builds[build]!.dir, ...args], s3.env)
/** Which build each route serves, after checking every route is complete (throws otherwise). */
const served = async () => [
  ...(
    await servedVersionsS3(
      s3,
      prefix,
      builds.map((b) => b.manifest),
    )
  ).values(),
]

describe('a deploy to S3 killed with SIGKILL', () => {
  it('leaves every page serving a complete old or new version, at any point, and the next run recovers', async () => {
    expect((await deploy(0)).code).toBe(0)
    // A run writes about 25 objects (assets, the release record, HTML, current, its report).
    for (const [i, build] of [1, 0, 1, 0].entries()) {
      const killAt = 1 + Math.floor(Math.random() * 24)
      const why = `run ${i}, killed at its write ${killAt}`
      let writes = 0
      const run = await runDeploy(['--to', to(), '--from', builds[build]!.dir], s3.env, (child) => {
        s3.onRequest = (method, path) => {
          if (method === 'PUT' && path.startsWith(`/${BUCKET}/${prefix}/`) && ++writes === killAt) child.kill('SIGKILL')
        }
      })
      s3.onRequest = null
      expect(run.signal === 'SIGKILL' || run.code === 0, why).toBe(true)
      // Step: whatever the point, each page serves one complete version.
      expect((await served()).length, why).toBe(ROUTES.length)

      // Step: the same command again finishes the job, taking over the dead run's lock.
      const again = await deploy(build)
      expect(again.code, `${why}: ${again.stderr}`).toBe(0)
      if (run.signal === 'SIGKILL')
        expect(again.stderr, why).toMatch(/took over the lock of an interrupted run \(pid \d+, started \S+\), which is no longer running/)
      expect(await served(), why).toEqual(ROUTES.map(() => build))
      // Step: the records' index is clean again and says what the records say; no record is left running.
      expect(await indexIds(), why).toEqual(await recordIds())
      for (const id of await recordIds()) {
        const info = JSON.parse((await s3.object(prefix, `.releases/${id}/release.json`))!.bytes.toString())
        expect([id, info.state], why).not.toEqual([id, 'running'])
      }
    }
  })
})

/** The ids the index lists, after checking it is clean and names the current release. */
async function indexIds(): Promise<string[]> {
  const index = JSON.parse((await s3.object(prefix, '.releases/index.json'))!.bytes.toString())
  const current = (await s3.object(prefix, '.releases/current'))!.bytes.toString().trim()
  expect([index.clean, index.current]).toEqual([true, current])
  return index.releases.map((r: { info: { id: string } }) => r.info.id)
}

/** The ids of the complete release records in the bucket, newest first. */
async function recordIds(): Promise<string[]> {
  const keys = await s3.keys(prefix)
  return keys
    .filter((k) => /^\.releases\/[^/]+\/release\.json$/.test(k))
    .map((k) => k.split('/')[1]!)
    .sort()
    .reverse()
}

describe('a target with many releases', () => {
  // In this process (no CLI start-up per deploy): the requests are the same.
  const store = () => s3StoreFromUrl(to(), s3.env)
  const quiet = { notice: () => {} }
  const deployHere = (build: number) => deployTo({ from: builds[build]!.dir, to: store(), ...quiet })

  /** The requests `run` sends, by method and key, through the proxy. */
  async function countRequests(run: () => Promise<unknown>): Promise<{ method: string; path: string }[]> {
    const seen: { method: string; path: string }[] = []
    s3.onRequest = (method, path) => {
      if (path.startsWith(`/${BUCKET}/${prefix}/`)) seen.push({ method, path: path.slice(`/${BUCKET}/${prefix}/`.length) })
    }
    await run()
    s3.onRequest = null
    return seen
  }
  const readsOfRecords = (requests: { method: string; path: string }[]) =>
    requests.filter((r) => r.method === 'GET' && /^\.releases\/\d{4,}-/.test(r.path))

  it('reads one index, not each record: a deploy sends as many requests with 8 releases as with 2', async () => {
    await deployHere(0)
    await deployHere(1)
    const withTwo = await countRequests(() => deployHere(0))
    for (let i = 1; i <= 5; i++) await deployHere(i % 2)
    const withEight = await countRequests(() => deployHere(0))
    expect(readsOfRecords(withEight)).toEqual([])
    expect(withEight.length).toBe(withTwo.length)
  })

  it('prunes in batches: a few requests whatever the number of objects', async () => {
    for (let i = 0; i < 6; i++) await deployHere(i % 2)
    const objects = (await s3.keys(prefix)).length
    const requests = await countRequests(() => pruneTo({ to: store(), keep: 1, graceMs: 0, ...quiet }))
    // 5 records of 8 objects each (6 HTML copies, a manifest, release.json), and the other build's 6 scripts
    // and the 6 immutable HTML of its page releases (`_releases/`: no kept release and no rollout.json names them).
    expect((await s3.keys(prefix)).length).toBe(objects - 52)
    expect(requests.filter((r) => r.method === 'DELETE' || r.method === 'POST').length).toBeLessThanOrEqual(3)
    expect(readsOfRecords(requests)).toEqual([])
  })
})

/** A deploy run whose requests give up after 2 s of waiting (DEPLOY_S3_RETRY_FOR), not a minute. */
const deployGivingUpSoon = (build: number) =>
  runDeploy(['--to', to(), '--from', builds[build]!.dir], { ...s3.env, DEPLOY_S3_RETRY_FOR: '2s' })

/** A clock whose waits take no time; `slept` lists them. */
function instantClock() {
  let now = Date.now()
  const slept: number[] = []
  return {
    slept,
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms)
      now += ms
    },
  }
}

describe('a store that throttles', () => {
  const quiet = { notice: () => {} }

  it('answering 503 to 30 % of requests: seven deploys in a row all complete', async () => {
    const clock = instantClock()
    const store = s3StoreFromUrl(to(), s3.env, { clock, lockSettleMs: 0 })
    s3.faults.push({ path: new RegExp(`^/${BUCKET}/${prefix}/`), status: 503, share: { of: 0.3, random: seededRandom(38) } })
    for (let i = 0; i < 7; i++) await deployTo({ from: builds[i % 2]!.dir, to: store, ...quiet })
    s3.faults.length = 0
    expect(s3.faulted.get(503)).toBeGreaterThan(50)
    expect(await served()).toEqual(ROUTES.map(() => 0))
  })

  it('keeps trying for tens of seconds before it gives up', async () => {
    const clock = instantClock()
    // The jitter at its middle: seven waits of 0.75 × (1, 2, 4, 8, 16, 20, 20 s) fit in the minute. With
    // Math.random they summed past it about one run in seven, and the seventh try never came.
    const store = s3StoreFromUrl(to(), s3.env, { clock, random: () => 0.5 })
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/probe$`), status: 503, times: 7 })
    await store.put('probe', Buffer.from('x'))
    expect(clock.slept).toHaveLength(7)
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBe(53_250)
  })

  it('waits as long as its Retry-After asks', async () => {
    const clock = instantClock()
    const store = s3StoreFromUrl(to(), s3.env, { clock })
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/probe$`), status: 503, times: 2, retryAfter: 7 })
    await store.put('probe', Buffer.from('x'))
    expect(clock.slept).toEqual([7000, 7000])
  })

  it('gives up at once, saying so, when its Retry-After is past the minute it may wait', async () => {
    const clock = instantClock()
    const store = s3StoreFromUrl(to(), s3.env, { clock })
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/probe$`), status: 503, retryAfter: 300 })
    const error = await store.put('probe', Buffer.from('x')).catch((e: unknown) => e)
    expect(clock.slept).toEqual([])
    expect(store.failure(error)).toBe(
      `${to()} did not take PUT probe (503 SlowDown; the store asked to wait 300 s more): run again once it answers`,
    )
  })
})

describe('a store answering 503', () => {
  it('is retried with backoff, and the deploy completes', async () => {
    expect((await deploy(0)).code).toBe(0)
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/assets/`), status: 503, times: 3 })
    const run = await deploy(1)
    expect(run.code, run.stderr).toBe(0)
    expect(s3.faulted.get(503)).toBe(3)
    expect(await served()).toEqual(ROUTES.map(() => 1))
  })

  it('while switching HTML ends in a clean refusal saying what was and was not switched; the same command then finishes', async () => {
    expect((await deploy(0)).code).toBe(0)
    // The third page's HTML cannot be written: the first two are switched, the rest not.
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/r2/index\\.html$`), status: 503 })
    const run = await deployGivingUpSoon(1)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toMatch(
      new RegExp(
        `^s3://${BUCKET}/${prefix} did not take PUT r2/index\\.html \\(503 SlowDown, (\\d+) attempts over [\\d.]+ s\\): run again once it answers; ` +
          'switched: /r0, /r1; not switched: /r2, /r3, /r4, /r5 \\(each page serves a complete old or new version; the same command finishes the switch\\)$',
      ),
    )
    expect(s3.faulted.get(503)).toBe(Number(/(\d+) attempts/.exec(run.stderr)![1]))
    expect(await served()).toEqual([1, 1, 0, 0, 0, 0])

    s3.faults.length = 0
    expect((await deploy(1)).code).toBe(0)
    expect(await served()).toEqual(ROUTES.map(() => 1))
  })

  it('while uploading assets switches no page', async () => {
    expect((await deploy(0)).code).toBe(0)
    s3.faults.push({ method: 'PUT', path: new RegExp(`^/${BUCKET}/${prefix}/assets/`), status: 503 })
    const run = await deployGivingUpSoon(1)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toMatch(
      /did not take PUT assets\/r\d-\w+\.js \(503 SlowDown, \d+ attempts over [\d.]+ s\): run again once it answers; no page was switched: every page still serves a complete version$/,
    )
    expect(await served()).toEqual(ROUTES.map(() => 0))
  })
})

/** Waits until `done` answers true (every 50 ms, 20 s at most). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 50))
}

describe('the lock of an S3 target', () => {
  const lockOf = (host: string, refreshed: Date) =>
    `pid 4242 host ${host} since 2026-11-01T10:00:00.000Z refreshed ${refreshed.toISOString()} run 0123456789ab\n`

  it('refuses a second run while the holder refreshes it, naming the holder', async () => {
    const refreshed = new Date()
    await s3.putRaw(prefix, LOCK_KEY, lockOf('build-7', refreshed))
    const run = await deploy(0)
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      `${to()} is locked by another run that is still going (pid 4242 on build-7, started 2026-11-01T10:00:00.000Z, last refreshed ${refreshed.toISOString()}); wait for it to finish, or break it with --unlock --reason "…" if it is not running`,
    )
    expect(await s3.object(prefix, 'r0/index.html')).toBeNull()
  })

  it('takes over, saying so, a lock from another host not refreshed for over 2 minutes', async () => {
    const refreshed = new Date(Date.now() - 3 * 60_000)
    await s3.putRaw(prefix, LOCK_KEY, lockOf('build-7', refreshed))
    const run = await deploy(0)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain(
      `took over the lock of an interrupted run (pid 4242 on build-7, started 2026-11-01T10:00:00.000Z), not refreshed since ${refreshed.toISOString()} (over 2 min): taken to be dead`,
    )
    expect(await s3.object(prefix, LOCK_KEY)).toBeNull()
  })

  it('takes over an unreadable lock once the store has not written it for over 2 minutes (its LastModified)', async () => {
    const store = s3StoreFromUrl(to(), s3.env)
    await s3.putRaw(prefix, LOCK_KEY, 'garbage')
    await expect(withLock(store, async () => {}, { notice: () => {} })).rejects.toThrow('is locked by another run that is still going')
    const notices: string[] = []
    const later = { now: () => Date.now() + 3 * 60_000, sleep: async () => {} }
    await withLock(store, async () => {}, { notice: (line) => notices.push(line), clock: later })
    expect(notices).toEqual([
      expect.stringMatching(
        /^took over the lock of an interrupted run \(an unreadable lock\), unreadable, not written since \S+ \(over 2 min\)/,
      ),
    ])
    expect(await s3.object(prefix, LOCK_KEY)).toBeNull()
  })

  it('is refreshed while the run lasts, and a run whose lock was taken over stops writing', async () => {
    const store = s3StoreFromUrl(to(), s3.env)
    const lockText = async () => (await s3.object(prefix, LOCK_KEY))?.bytes.toString() ?? ''
    await expect(
      withLock(
        store,
        async (lock) => {
          const first = await lockText()
          await until(async () => (await lockText()) !== first)
          expect((await lockText()).split(' refreshed ')[0]).toBe(first.split(' refreshed ')[0])
          // Another run takes the lock over: the next refresh finds out, and the run stops at its next write.
          await s3.putRaw(prefix, LOCK_KEY, lockOf(hostname(), new Date()))
          await until(async () => {
            try {
              lock.assertHeld()
              return false
            } catch {
              return true
            }
          })
          lock.assertHeld()
        },
        { refreshMs: 100, notice: () => {} },
      ),
    ).rejects.toThrow(`${to()}: another run took the lock over while this one ran; stopped before writing more`)
    // The other run's lock is left alone.
    expect(await lockText()).toContain('pid 4242')
  })
})
