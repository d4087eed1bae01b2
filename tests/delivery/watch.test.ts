/**
 * `npm run deploy -- … --watch <time> --health <api>`: the deploy follows the switched pages' new releases
 * in the field reports (a fake /ops/release-health serving what a test scripts, look by look) and takes
 * back the worse ones. In this process with a clock whose waits take no time, then through the command
 * line in real time, on a directory and on S3.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { tellReleases } from '../../scripts/delivery/health/fetch-health'
import { listReleases } from '../../scripts/delivery/releases/records'
import type { WatchReport } from '../../scripts/delivery/releases/run-report'
import { deploy, type DeployOptions } from '../../scripts/delivery/run/deploy'
import { judgedOf, releaseHealth, replyOf, startFakeHealth, type FakeHealth } from './helpers/fake-health'
import { hours } from './helpers/health-samples'
import { writeMiniBuild } from './helpers/mini-build'
import { runCliAsync } from './helpers/run-cli'
import { runDeploy } from './helpers/run-deploy'
import { servedVersionsS3 } from './helpers/s3-checks'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'
import { serveDirectory, type StaticServer } from './helpers/static-server'
import { servedVersions } from './helpers/target-checks'

const ROUTES = ['r1', 'r2', 'r3']
let tmp: string
let builds: { dir: string; manifest: PagesManifest }[]
let api: FakeHealth
let target: string
let n = 0
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-watch-'))
  builds = ['a', 'b'].map((name) => ({ dir: join(tmp, name), manifest: writeMiniBuild(join(tmp, name), ROUTES) }))
  api = await startFakeHealth()
})
afterAll(async () => {
  await api?.stop()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(() => {
  target = join(tmp, `target-${n++}`)
  api.requests.length = 0
})

const release = (build: number, route: string) => builds[build]!.manifest.routes[`/${route}`]!.release!

/**
 * A route's release with `views` views, `errors` of them with an error and `neverReady` never ready, spread
 * over the last hours, its ready p75 `readyP75` ms.
 */
function figures(route: string, build: number, views: number, errors: number, neverReady = Math.round(views * 0.05), readyP75 = 1400) {
  const h = hours(
    Math.max(0, Math.ceil(views / 100) - 1),
    0,
    Math.ceil(views / Math.max(1, Math.ceil(views / 100))),
    errors / views,
    neverReady / views,
  )
  const r = releaseHealth(`/${route}`, release(build, route), h, { p75: { ready: readyP75 } })
  return {
    ...r,
    total: { ...r.total, views, errorViews: errors, neverReadyViews: neverReady },
    judged: judgedOf(views, errors, neverReady, readyP75),
  }
}

/** The reply: the releases given, build b's live on every route and build a's before it (as the deploys told). */
const reply = (...releases: ReturnType<typeof figures>[]): HealthReply => replyOf(releases, { sinceHours: 168, deployments: [] })

/** A clock whose waits take no time. */
function instantClock() {
  let now = Date.now()
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms
    },
  }
}

/** Build a live everywhere, then build b deployed with a 10-minute watch looking every minute. */
async function watched(options: Partial<DeployOptions> = {}, watch: Partial<NonNullable<DeployOptions['watch']>> = {}) {
  await deploy({ from: builds[0]!.dir, to: target, notice: () => {} })
  const notices: string[] = []
  const result = await deploy({
    from: builds[1]!.dir,
    to: target,
    notice: (line) => notices.push(line),
    clock: instantClock(),
    watch: { health: api.url, forMs: 10 * 60_000, everyMs: 60_000, ...watch },
    ...options,
  })
  return { result, notices, watch: result.report!.watch! }
}

const decision = (w: WatchReport, route: string) => w.decisions.find((d) => d.route === `/${route}`)
/** Tells the fake health API what a run made live, as `--health` does. */
const tellFake = (events: Parameters<typeof tellReleases>[1]) => tellReleases({ api: api.url }, events)

describe('a deploy with --watch', () => {
  it('takes back the page whose new release is worse, keeps the others, and records each decision and why', async () => {
    // Before: each page's old release had 1,000 views at 2 % errors; after: r1 fails one view in four.
    api.reply = () =>
      reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r1', 1, 80, 20), figures('r2', 1, 80, 1), figures('r3', 1, 80, 2))
    const { result, watch, notices } = await watched()
    expect(decision(watch, 'r1')).toMatchObject({ outcome: 'taken back', release: release(1, 'r1'), previous: release(0, 'r1') })
    expect(decision(watch, 'r1')!.why).toMatch(
      /^error rate 25\.0 % \(20 of 80\) against 2\.0 % \(20 of 1000\) before: one-sided Fisher p < 1e-10 < 4\.2e-5, \+23\.0 points ≥ 2/,
    )
    expect(decision(watch, 'r2')).toMatchObject({ outcome: 'kept', why: expect.stringMatching(/^no worse: error rate 1\.3 %/) })
    expect(watch.takeBacks.map((t) => t.paths)).toEqual([['/r1']])
    // The levels of the whole deploy: 3 pages, 4 figures, 11 looks (one a minute for 10 minutes, and the end).
    expect(watch.looks).toBe(11)
    expect(watch.levels.final).toBeCloseTo(0.01 / 12 / 2, 12)
    expect([
      ...servedVersions(
        target,
        builds.map((b) => b.manifest),
      ),
    ]).toEqual([
      ['/r1', 0],
      ['/r2', 1],
      ['/r3', 1],
    ])
    // Printed as decided, and kept in the release's record.
    expect(notices).toContainEqual(expect.stringMatching(/^watch: \/r1 \w+: taken back: error rate 25\.0 %/))
    const [back, deployed] = listReleases(target)
    expect(back).toMatchObject({ kind: 'rollback', switched: ['/r1'], from: `watch of ${result.release}` })
    expect(deployed!.report!.watch!.decisions).toEqual(watch.decisions)
  })

  it('takes a page back at the look that judges it (purged, its release record made then), and watches the others on', async () => {
    api.reply = () =>
      reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r1', 1, 80, 40), figures('r2', 1, 80, 1), figures('r3', 1, 80, 1))
    const { watch } = await watched()
    const started = Date.parse(decision(watch, 'r1')!.at!)
    expect(Date.parse(decision(watch, 'r2')!.at!) - started).toBe(10 * 60_000)
    expect(api.requests).toHaveLength(1 + 11)
  })

  it('at a look before the end, does not take back what only the end-of-watch level would', async () => {
    // p = 0.00016, between the interim level (4.2e-5) and the final one (4.2e-4): worse at the end only.
    api.reply = () =>
      reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r1', 1, 100, 10), figures('r2', 1, 100, 2), figures('r3', 1, 100, 2))
    const { watch } = await watched()
    expect(decision(watch, 'r1')).toMatchObject({ outcome: 'taken back', why: expect.stringContaining('p = 1.6e-4 < 4.2e-4,') })
    expect(Date.parse(decision(watch, 'r1')!.at!) - Date.parse(decision(watch, 'r2')!.at!)).toBe(0)
  })

  it('takes back a page 2 s slower to be ready, unless told only to warn', async () => {
    const slow = () =>
      reply(
        ...ROUTES.map((r) => figures(r, 0, 1000, 20)),
        figures('r1', 1, 80, 1, 4, 3400),
        figures('r2', 1, 80, 1),
        figures('r3', 1, 80, 1),
      )
    api.reply = slow
    const { watch } = await watched()
    expect(decision(watch, 'r1')).toMatchObject({
      outcome: 'taken back',
      why: expect.stringMatching(/^ready p75 3\.\d\d s \(76 views\) against 1\.40 s \(950\) before: one-sided Mann–Whitney p < 1e-10/),
    })
    expect(watch.takeBacks).toEqual([expect.objectContaining({ paths: ['/r1'], why: 'slower than the release before' })])
    const warned = await watched({}, { onSlower: 'warn' })
    expect(decision(warned.watch, 'r1')).toMatchObject({
      outcome: 'kept',
      why: expect.stringMatching(/^slower, kept by --on-slower warn: ready p75/),
    })
    expect(warned.watch.takeBacks).toEqual([])
  })

  it('takes back two pages at the two looks that judge them, each in its own rollback release, and tells the API each time', async () => {
    let look = 0
    api.reply = () => {
      look++
      // r1 broken from the first look; r2 only from the third (the first answer is the check before the switch).
      return reply(
        ...ROUTES.map((r) => figures(r, 0, 1000, 20)),
        figures('r1', 1, 80, 20),
        figures('r2', 1, 80, look >= 4 ? 20 : 1),
        figures('r3', 1, 80, 1),
      )
    }
    api.events.length = 0
    await deploy({ from: builds[0]!.dir, to: target, notice: () => {}, tell: (events) => tellFake(events) })
    const first = api.events.splice(0)
    expect(first.map((e) => [e.route, e.kind])).toEqual(ROUTES.map((r) => [`/${r}`, 'live']))
    const result = await deploy({
      from: builds[1]!.dir,
      to: target,
      notice: () => {},
      clock: instantClock(),
      tell: (events) => tellFake(events),
      watch: { health: api.url, forMs: 10 * 60_000, everyMs: 60_000 },
    })
    const watch = result.report!.watch!
    expect(watch.takeBacks.map((t) => t.paths)).toEqual([['/r1'], ['/r2']])
    expect(Date.parse(watch.takeBacks[1]!.at) - Date.parse(watch.takeBacks[0]!.at)).toBe(2 * 60_000)
    expect(decision(watch, 'r3')!.outcome).toBe('kept')
    const [second, first_, deployed] = listReleases(target)
    expect(second).toMatchObject({ kind: 'rollback', switched: ['/r2'], from: `watch of ${result.release}`, previous: first_!.id })
    expect(first_).toMatchObject({ kind: 'rollback', switched: ['/r1'], previous: deployed!.id })
    expect([
      ...servedVersions(
        target,
        builds.map((b) => b.manifest),
      ),
    ]).toEqual([
      ['/r1', 0],
      ['/r2', 0],
      ['/r3', 1],
    ])
    // What the API was told, in order: the deploy's three pages live, then per take-back the release taken back and the one back.
    expect(api.events.map((e) => [e.route, e.release, e.kind])).toEqual([
      ...ROUTES.map((r) => [`/${r}`, release(1, r), 'live']),
      ['/r1', release(1, 'r1'), 'taken-back'],
      ['/r1', release(0, 'r1'), 'rollback'],
      ['/r2', release(1, 'r2'), 'taken-back'],
      ['/r2', release(0, 'r2'), 'rollback'],
    ])
  })

  it('keeps a page whose new release got too few views by the end, says so, and exits 0', async () => {
    api.reply = () => reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r1', 1, 12, 6))
    const { watch } = await watched()
    expect(decision(watch, 'r1')).toMatchObject({
      outcome: 'kept',
      why: 'no verdict: 12 views of the 50 a verdict needs by the end of the watch',
    })
    expect(decision(watch, 'r2')).toMatchObject({
      outcome: 'kept',
      why: 'no verdict: 0 views of the 50 a verdict needs by the end of the watch',
    })
    expect([watch.takeBacks, watch.judged]).toEqual([[], true])
  })

  it('judges against the fixed reference when the release before has few views', async () => {
    api.reply = () => reply(figures('r1', 0, 20, 0), figures('r1', 1, 60, 24), figures('r2', 0, 20, 0), figures('r2', 1, 60, 3))
    const { watch } = await watched({}, { minViews: 50 })
    expect(decision(watch, 'r1')!.why).toContain('against the reference 10.0 % (the release before has under 50 views)')
    expect(decision(watch, 'r1')!.outcome).toBe('taken back')
    expect(decision(watch, 'r2')!.outcome).toBe('kept')
  })

  it('keeps every page, judging none, when the health API stops answering, and says why', async () => {
    let calls = 0
    api.reply = () => (calls++ === 0 ? reply() : 502)
    const { watch, notices } = await watched()
    expect(watch.judged).toBe(false)
    expect(decision(watch, 'r1')).toMatchObject({
      outcome: 'kept',
      why: `not judged: the health API at ${api.url} answered 502 without release health`,
    })
    expect(notices.filter((l) => l.includes('trying again'))).toHaveLength(11)
    expect(
      servedVersions(
        target,
        builds.map((b) => b.manifest),
      ).get('/r1'),
    ).toBe(1)
  })

  it('decides on the last answer it had when the health API stops answering late, and says so', async () => {
    let calls = 0
    api.reply = () => (calls++ < 3 ? reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r1', 1, 100, 10)) : 503)
    const { watch } = await watched()
    expect(decision(watch, 'r1')).toMatchObject({
      outcome: 'taken back',
      why: expect.stringContaining('(on the last answer of the health API'),
    })
  })

  it('refuses before switching anything when the health API does not answer', async () => {
    await deploy({ from: builds[0]!.dir, to: target, notice: () => {} })
    api.reply = () => 502
    await expect(deploy({ from: builds[1]!.dir, to: target, notice: () => {}, watch: { health: api.url, forMs: 60_000 } })).rejects.toThrow(
      `the health API at ${api.url} answered 502 without release health to the question the watch asks (7 days of every page, within 12 s`,
    )
    expect(api.requests.at(-1)?.since).toBe(168)
    expect([
      ...servedVersions(
        target,
        builds.map((b) => b.manifest),
      ).values(),
    ]).toEqual([0, 0, 0])
  })
})

describe('npm run deploy -- --watch, in real time', () => {
  let site: StaticServer
  beforeAll(async () => {
    site = await serveDirectory(() => target)
  })
  afterAll(() => site?.stop())

  it('on a directory: switches, purges, verifies, watches, takes the worse page back, purges it again and exits 1', async () => {
    const purged = join(tmp, `purged-${n}.txt`)
    expect((await runCliAsync('deploy.ts', ['--to', target, '--from', builds[0]!.dir])).code).toBe(0)
    api.reply = () => reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r2', 1, 10, 6), figures('r1', 1, 10, 0))
    const run = await runCliAsync('deploy.ts', [
      ...['--to', target, '--from', builds[1]!.dir, '--public-url', site.url, '--purge', `cat >> '${purged}'`, '--verify'],
      ...['--watch', '3s', '--watch-every', '1s', '--health', api.url, '--min-views', '5'],
    ])
    expect(run.code, run.stderr).toBe(1)
    expect(run.stderr).toMatch(/^watching \/r1 \w+, \/r2 \w+, \/r3 \w+ for 3 s at http/m)
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^the watch took back \/r2 \(release 0003-\S+\): worse than the release before$/)
    // Each page's HTML and script, and the immutable HTML of its release (`_releases/`).
    expect(run.stdout).toMatch(/^Verified: 3 pages, 9 files at .*: all match$/m)
    expect(run.stdout).toMatch(/^Watched \d s at .* \(a verdict needs 5 views\):$/m)
    expect(run.stdout).toMatch(/^ {2}\/r2 \w+ \(before: \w+\): TAKEN BACK: error rate 60\.0 % \(6 of 10\)/m)
    expect(run.stdout).toMatch(/^ {2}\/r3 \w+ \(before: \w+\): KEPT: no verdict: 0 views of the 5/m)
    expect(run.stdout).toMatch(/^Taken back: \/r2 \(release 0003-/m)
    expect(
      servedVersions(
        target,
        builds.map((b) => b.manifest),
      ).get('/r2'),
    ).toBe(0)
    // Purged at the switch (3 pages), then /r2 again once taken back.
    expect(
      readFileSync(purged, 'utf8')
        .split('\n')
        .filter((u) => u.endsWith('/r2')),
    ).toHaveLength(2)
    const list = await runCliAsync('deploy.ts', ['--to', target, '--list'])
    expect(list.stdout.split('\n')[0]).toMatch(/^\* 0003-\S+\s+rollback\s+\/r2\s+\(from watch of 0002-/)
  })

  it('exits 0 and keeps every page when none is worse', async () => {
    expect((await runCliAsync('deploy.ts', ['--to', target, '--from', builds[0]!.dir])).code).toBe(0)
    api.reply = () => reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), ...ROUTES.map((r) => figures(r, 1, 10, 0)))
    const run = await runCliAsync('deploy.ts', [
      '--to',
      target,
      '--from',
      builds[1]!.dir,
      '--watch',
      '2s',
      '--watch-every',
      '1s',
      '--health',
      api.url,
      '--min-views',
      '5',
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.match(/: KEPT: no worse/g)).toHaveLength(3)
  })

  it('refuses --watch without --health, and with --dry-run', async () => {
    const alone = await runCliAsync('deploy.ts', ['--to', target, '--from', builds[0]!.dir, '--watch', '5m'])
    expect([alone.code, alone.stderr.split('\n')[0]]).toEqual([2, '--watch <time> and --health <api url> go together'])
    const dry = await runCliAsync('deploy.ts', [
      '--to',
      target,
      '--from',
      builds[0]!.dir,
      '--dry-run',
      '--watch',
      '5m',
      '--health',
      api.url,
    ])
    expect(dry.code).toBe(2)
    expect(existsSync(target)).toBe(false)
  })
})

describe('npm run deploy -- --to s3://… --watch', () => {
  let s3: S3Server
  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(() => s3?.stop())

  it('takes the worse page back in the bucket too', async () => {
    const to = `s3://${BUCKET}/watch-${n}`
    expect((await runDeploy(['--to', to, '--from', builds[0]!.dir], s3.env)).code).toBe(0)
    api.reply = () => reply(...ROUTES.map((r) => figures(r, 0, 1000, 20)), figures('r3', 1, 10, 5), figures('r1', 1, 10, 0))
    const run = await runDeploy(
      ['--to', to, '--from', builds[1]!.dir, '--watch', '2s', '--watch-every', '1s', '--health', api.url, '--min-views', '5'],
      s3.env,
    )
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toMatch(/^Taken back: \/r3 /m)
    const served = await servedVersionsS3(
      s3,
      `watch-${n}`,
      builds.map((b) => b.manifest),
    )
    expect([...served]).toEqual([
      ['/r1', 1],
      ['/r2', 1],
      ['/r3', 0],
    ])
  })
})
