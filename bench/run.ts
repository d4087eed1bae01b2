/**
 * `npm run bench`: builds the product and the floor page, starts the reference server on a throw-away
 * database holding the demo data plus the scaling data, puts a gzip front before it, and measures every
 * page on a throttled phone (bench/lib/phone.ts). Writes bench/results/latest.{md,json} and prints the report.
 *
 * The pages are the production build (NODE_ENV=production while vite builds them); the server is the demo
 * server, as `npm start` runs it (demo data and tokens, the fake host the app pages open with), whatever
 * NODE_ENV the bench was started with: a production start refuses without the sign-in, and has neither.
 * Not for CI: it takes minutes and its figures depend on the machine.
 *
 *   --runs N          loads per page (default 5)
 *   --scaling-runs N  loads per scaling point (default 3)
 *   --pages a,b       only these routes (`/`, `/price_up`); the floor and limit pages always run
 *   --fixture-runs N  loads per page in its other fixture, for CLS in both (default 2; 0 skips them)
 *   --lighthouse-runs N  Lighthouse 13 runs per page on the reference server (default 1; 0 skips them)
 *   --no-film         skip the film strips (the share cover and the folder list every 300 ms, bench/results/film/)
 *   --no-scaling      skip the scaling series
 *   --reopen-runs N   first + second opens per page with a warm cache (default 3; 0 skips them)
 *   --audio-runs N    taps on the share page's start button (default 3; 0 skips them)
 *   --slow-runs N     loads per page on the slow network with a tap once ready (issue 39; default 3; 0 skips them)
 *   --package-runs N  per in-app page, opens on the slow network over the network vs. from its package
 *                     (issue 47; default 3; 0 skips them)
 *   --slow-only       only those two (no other figure): bench/results/NAME has the slow-network tables alone
 *   --skip-build      measure the last bench build (bench/tmp/dist) again
 *   --dist DIR        measure this build (of `npm run build`) instead of building one
 *   --no-prerender    build without the prerendered frames (PRERENDER=0), to measure their effect
 *   --out NAME        write bench/results/NAME.{md,json} (default latest)
 *   --out-dir DIR     write the results (and film strips) into DIR instead of bench/results
 *   --work-dir DIR    the floor and limit pages' scratch folder (default bench/tmp; inside the repository,
 *                     where the floor's `react` resolves), so two benches at once do not share one
 *   --label TEXT      title of the report
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'
import { DEMO_SHARES } from '../server/seed/demo.ts'
import { startServer, type RunningServer } from '../server/start.ts'
import { measureAudio, type AudioFigures } from './lib/audio.ts'
import { buildFloor, FLOOR_BASE } from './lib/floor.ts'
import { startGzipFront } from './lib/gzip-front.ts'
import { buildLimitPages, LIMIT_BASE, LIMIT_FETCH_BASE } from './lib/limit-page.ts'
import { measurePages } from './lib/measure-pages.ts'
import { measureBuild } from '../scripts/build/page-weight.ts'
import { filmStrip } from './lib/film.ts'
import { measureLighthouse, type LighthouseResult } from './lib/lighthouse.ts'
import { launchChromium, PROFILE } from './lib/phone.ts'
import { writeResults, type BenchResults } from './lib/report.ts'
import { folderSeries, shareSeries } from './lib/scaling.ts'
import { measureSecondOpens, type SecondOpen } from './lib/second-open.ts'
import { seedScale } from './lib/seed-scale.ts'
import { measurePackageOpens, type PackageOpenResult } from './lib/package-open.ts'
import { measureSlowTaps, type SlowTapResult } from './lib/slow-taps.ts'
import { benchTargets, SPOTLIGHT_ROUTES, type Target } from './lib/targets.ts'

const ROOT = resolve(import.meta.dirname, '..')
const SLIDES = [10, 100, 1000]
const FOLDER_ITEMS = [10, 100, 300]

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'scaling-runs': { type: 'string', default: '3' },
    pages: { type: 'string' },
    'no-scaling': { type: 'boolean', default: false },
    'reopen-runs': { type: 'string', default: '3' },
    'fixture-runs': { type: 'string', default: '2' },
    'lighthouse-runs': { type: 'string', default: '1' },
    'no-film': { type: 'boolean', default: false },
    'audio-runs': { type: 'string', default: '3' },
    'slow-runs': { type: 'string', default: '3' },
    'package-runs': { type: 'string', default: '3' },
    'slow-only': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    'no-prerender': { type: 'boolean', default: false },
    out: { type: 'string', default: 'latest' },
    'out-dir': { type: 'string' },
    'work-dir': { type: 'string' },
    label: { type: 'string', default: 'all pages' },
  },
})

const started = Date.now()
const loadAtStart = loadavg()
// The machine is shared: the 1-minute load average every 10 s, so the report says how quiet the run was.
const loadSamples: number[] = [loadAtStart[0]!]
const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 10_000)
sampler.unref()
const log = (line: string) => console.log(`[bench ${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s] ${line}`)
const git = (cmd: string) => {
  try {
    return execSync(`git ${cmd}`, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return ''
  }
}
// Read before the run writes its film strips into bench/results/ (tracked files).
const dirtyAtStart = git('status --porcelain') ? ' (with uncommitted changes)' : ''
// The commit measured: read at the start too (a commit made during a half-hour run is not what it measured).
const commitAtStart = git('rev-parse --short HEAD') || 'unknown'

/** How each page's HTML carries its frame: `hydrate`, `replace` (+ `guarded`), or `none`. */
function framesOf(distDir: string, paths: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const path of paths) {
    const html = readFileSync(join(distDir, path.slice(1), 'index.html'), 'utf8')
    const mode = /<div id="root" data-prerendered="(\w+)">/.exec(html)?.[1] ?? 'none'
    const extras = [
      /<template id="app-frame">/.test(html) ? 'own frame in the app' : '',
      /<script>\(function\(w\)\{var r=document.getElementById\("root"\);try\{if\(\[/.test(html) ? 'guarded by query' : '',
    ].filter(Boolean)
    out[path] = [mode, ...extras].join(', ')
  }
  return out
}

/** What a page's browser (or app) user sees instead: an app page in a browser shows the open-in-app screen. */
function otherFixtureOf(target: Target): Target {
  const fixture = target.fixture === 'app' ? 'browser' : 'app'
  const openInApp = target.signedIn && fixture === 'browser'
  return { ...target, fixture, proof: openInApp ? '请在App内打开' : target.proof }
}

/**
 * Runs `build` with NODE_ENV=production, then puts NODE_ENV back: vite and React build for NODE_ENV, and
 * vitest or a shell may have set test/development, but the bench measures the production build.
 */
async function productionBuild<T>(build: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await build()
  } finally {
    if (before === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = before
  }
}

/** What the report says of the server the bench measured against. */
const DEMO_SERVER =
  'demo (NODE_ENV=development: demo data and tokens, the fake host; its development routes off, so no tap changes the data), in the bench process'

/**
 * The reference server as `npm start` runs it, the demo, whatever NODE_ENV the bench was started with:
 * the server reads NODE_ENV when it starts and on some requests (server/dev-mode.ts `isProduction`), so
 * from here on this process has NODE_ENV=development. With NODE_ENV=production it would refuse to start
 * without the sign-in (rightly), and have no demo data, demo tokens or fake host for the pages to open with.
 */
async function startDemoServer(options: { dataDir: string; distDir: string }): Promise<RunningServer> {
  process.env.NODE_ENV = 'development'
  // Without the development routes (server/dev/): a tap of the slow-network runs would otherwise change
  // the data the next run loads (授权百度网盘 grants the demo drive through the fake host, and the page
  // then shows the drive instead of the step it measures). Production never has them either.
  const server = await startServer({ ...options, devRoutes: false })
  // The demo's own sign: the fake host (never served in production).
  const fakeHost = await fetch(`${server.url}/__fake-host.js`)
  if (!fakeHost.ok) {
    await server.close()
    throw new Error(`the bench's server is not the demo: /__fake-host.js answered ${fakeHost.status}`)
  }
  return server
}

/** Writes the results into `outDir` and prints the report. */
function report(outDir: string, results: BenchResults): void {
  const markdown = writeResults(outDir, args.out, results)
  console.log(`\n${markdown}`)
  const written = relative(process.cwd(), join(outDir, args.out))
  log(`wrote ${written.startsWith('..') ? join(outDir, args.out) : written}.md and .json`)
}

async function main(): Promise<void> {
  const workDir = resolve(args['work-dir'] ?? join(ROOT, 'bench', 'tmp'))
  const outDir = resolve(args['out-dir'] ?? join(ROOT, 'bench', 'results'))
  // Its own output directory: others rebuild dist/ (the browser tests do) while a bench runs.
  const distDir = args.dist ? resolve(args.dist) : join(workDir, 'dist')
  if (args['no-prerender']) process.env.PRERENDER = '0'
  if (args.dist) {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`--dist ${args.dist}: no index.html there (run \`npm run build\` first)`)
    log(`measuring the build in ${distDir}`)
  } else if (!args['skip-build'] || !existsSync(join(distDir, 'index.html'))) {
    log('building the pages (NODE_ENV=production)')
    await productionBuild(() =>
      build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } }),
    )
  }
  log('building the floor page (NODE_ENV=production)')
  const floorDir = await productionBuild(() => buildFloor(ROOT, join(workDir, 'floor')))

  const dataDir = mkdtempSync(join(tmpdir(), 'kids-bench-'))
  // The scaling data only for the scaling series (it takes a while to write); the server seeds the demo by itself.
  if (!args['no-scaling'] && !args['slow-only']) {
    log('seeding the demo and scaling data')
    await seedScale(dataDir, SLIDES, FOLDER_ITEMS)
  }
  const server = await startDemoServer({ dataDir, distDir })
  log(`server: ${DEMO_SERVER}, on ${server.url}`)
  log(`pages: the production build in ${distDir}`)
  const limits = await buildLimitPages(server.url, DEMO_SHARES.book, join(workDir, 'limit'))
  const front = await startGzipFront(server.url, [
    { base: FLOOR_BASE, dir: floorDir },
    { base: LIMIT_BASE, dir: limits.htmlDir },
    { base: LIMIT_FETCH_BASE, dir: limits.fetchDir },
  ])
  const browser = await launchChromium()
  try {
    const only = args.pages?.split(',').map((p) => p.trim())
    const all = benchTargets(distDir)
    const targets = [
      ...all.filter((t) => t.name === 'floor'),
      ...limits.targets,
      ...all.filter((t) => t.name !== 'floor' && (!only || only.includes(t.name))),
    ]
    const slowRuns = Number(args['slow-runs'])
    let slowTaps: SlowTapResult[] = []
    if (slowRuns > 0) {
      log(`a tap once ready, on the slow network (issue 39), ${slowRuns} runs`)
      slowTaps = await measureSlowTaps(browser, front.url, targets, slowRuns, log)
    }
    const packageRuns = Number(args['package-runs'])
    let packageOpens: PackageOpenResult[] = []
    if (packageRuns > 0) {
      log(`in-app opens over the network and from the package, on the slow network (issue 47), ${packageRuns} runs`)
      packageOpens = await measurePackageOpens(browser, front.url, distDir, packageRuns, log, only)
    }
    /** What every results file says of its run: when (its end), which commit (at its start), the machine, the profile. */
    const runHeader = () => ({
      date: new Date().toISOString(),
      commit: `${commitAtStart}${dirtyAtStart}`,
      label: args.label,
      machine: { cpus: cpus().length, loadAverage: loadAtStart, loadDuringRun: [...loadSamples, loadavg()[0]!] },
      profile: PROFILE,
      prerender: !args['no-prerender'],
      server: DEMO_SERVER,
    })
    if (args['slow-only']) {
      const results: BenchResults = {
        ...runHeader(),
        runs: 0,
        pages: [],
        weights: [],
        frames: {},
        share: [],
        folders: [],
        slowTaps,
        packageOpens,
        seconds: Math.round((Date.now() - started) / 1000),
      }
      report(outDir, results)
      return
    }
    const runs = Number(args.runs)
    const scalingRuns = Number(args['scaling-runs'])
    log(`measuring ${targets.length} pages × ${runs} runs on ${front.url}`)
    const pages = await measurePages(browser, front.url, targets, runs, log)
    const fixtureRuns = Number(args['fixture-runs'])
    let otherFixture: BenchResults['otherFixture'] = []
    if (fixtureRuns > 0) {
      log('every page in its other fixture (CLS in both)')
      otherFixture = await measurePages(
        browser,
        front.url,
        targets.filter((t) => t.kind !== 'reference').map(otherFixtureOf),
        fixtureRuns,
        log,
      )
    }
    const reopenRuns = Number(args['reopen-runs'])
    let reopens: SecondOpen[] = []
    if (reopenRuns > 0) {
      log('second opens with a warm cache')
      reopens = await measureSecondOpens(browser, front.url, targets, reopenRuns, log)
    }
    const audioRuns = Number(args['audio-runs'])
    let audio: AudioFigures | null = null
    if (audioRuns > 0) {
      log('audio start on the picture book')
      audio = await measureAudio(browser, front.url, `/recorded_share?r=${DEMO_SHARES.book}`, audioRuns, log)
    }
    const films: string[] = []
    if (!args['no-film']) {
      log('film strips: the share cover and the folder list every 300 ms')
      for (const target of targets.filter((t) => SPOTLIGHT_ROUTES.has(t.name))) {
        const file = `film/${args.out === 'latest' ? '' : `${args.out}-`}${target.name.slice(1).replace(/\//g, '-')}.png`
        await filmStrip(browser, front.url + target.url, target.fixture, join(outDir, file))
        films.push(file)
      }
    }
    const lighthouseRuns = Number(args['lighthouse-runs'])
    let lighthouse: LighthouseResult[] = []
    if (lighthouseRuns > 0) {
      log('Lighthouse 13 (mobile) on the reference server, as npm start serves it')
      lighthouse = await measureLighthouse(server.url, distDir, lighthouseRuns, log, only)
    }
    let share: BenchResults['share'] = []
    let folders: BenchResults['folders'] = []
    if (!args['no-scaling']) {
      log('scaling: share pages')
      share = await shareSeries(browser, front.url, SLIDES, scalingRuns, log)
      log('scaling: folder lists')
      folders = await folderSeries(browser, front.url, FOLDER_ITEMS, scalingRuns, log)
    }
    const weights = measureBuild(distDir)
    const results: BenchResults = {
      ...runHeader(),
      runs,
      pages,
      otherFixture,
      lighthouse,
      films,
      weights,
      frames: framesOf(
        distDir,
        weights.map((w) => w.path),
      ),
      share,
      folders,
      reopens,
      audio,
      slowTaps,
      packageOpens,
      seconds: Math.round((Date.now() - started) / 1000),
    }
    report(outDir, results)
  } finally {
    await browser.close()
    await front.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
