/**
 * Every command the docs tell people to run runs (issue 50): each `npm run <script>` (and `npm start`,
 * `npm test`) that README.md, bench/README.md or docs/ name is a script of package.json, and is either
 * run here, the cheapest way that still does its real work, or left out with the reason (LEFT_OUT). A
 * command that fails fails its test with its own last lines.
 *
 * Cheap: the builds are the delivery project's (its global setup builds the repo: helpers/build-twice.ts),
 * the benches run one load of one page or one second per phase, and the commands run side by side (a
 * few at a time: they share CI's 2 cores). The PostgreSQL ways run on TEST_DATABASE_URL's server (a
 * database of their own, dropped after) and are skipped without it.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createDatabase, dropDatabase } from '../../bench/load/create-database'
import type { BuiltTwice } from './helpers/build-twice'

declare module 'vitest' {
  export interface ProvidedContext {
    deliveryBuilds: BuiltTwice
  }
}

const repo = resolve(import.meta.dirname, '../..')
const pgUrl = process.env.TEST_DATABASE_URL
const scripts = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

/** The docs that tell people what to run. */
function docs(): string[] {
  const under = readdirSync(join(repo, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file.replaceAll('\\', '/')}`)
  return ['README.md', 'bench/README.md', ...under.sort()]
}

/** Every script the docs name (`npm run x`, `npm start`, `npm test`), with the files that name it. */
function namedScripts(): Map<string, string[]> {
  const named = new Map<string, string[]>()
  for (const file of docs()) {
    const text = readFileSync(join(repo, file), 'utf8')
    for (const [, run, short] of text.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)) {
      const script = (run ?? short)!
      named.set(script, [...new Set([...(named.get(script) ?? []), file])])
    }
  }
  return named
}

/** The scripts this file does not run, and why. */
const LEFT_OUT: Record<string, string> = {
  test: 'it is CI itself (.ci/run runs `npm test`), and this file is one of its checks',
  'test:unit': 'it builds and runs the unit projects, which `npm test` runs in the same CI',
  'test:server': 'the server project, which `npm test` runs in the same CI',
  'test:e2e': 'the e2e project, which `npm test` runs in the same CI',
  build: '`npm test` runs it before vitest (this check reads its dist/ nowhere but proves nothing new by building a third time)',
  typecheck: '`npm test` runs it beside vitest (scripts/test/together.ts)',
  lint: '`npm test` runs it beside vitest (scripts/test/together.ts)',
  'format:check': '`npm run lint`, which `npm test` runs, starts with the same `prettier --check .`',
  format: 'it rewrites the checkout; `npm run lint` proves prettier runs',
  'build:server':
    'tests/server/service-start.test.ts runs it (its output without a warning) and starts its bundle as the systemd unit of docs/server.md does',
  start:
    '.ci/start-smoke.bash runs `npm ci && npm start` from outside, before `npm test` (a fresh data folder, a free port, pages and API)',
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g

/** One run of a command: its exit and everything it printed, in order. */
interface Ran {
  code: number | null
  signal: NodeJS.Signals | null
  output: string
}

/** The last lines of `output`: what a failed command said last. */
const lastLines = (output: string, n = 30) => output.trimEnd().split('\n').slice(-n).join('\n')

/** The command line, as the docs would write it. */
const commandLine = (script: string, args: readonly string[]) => `npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}`

/**
 * `npm run <script> -- <args>` in a process group of its own (so a stop reaches tsx's children and the
 * servers they start). `ready` resolves with the first match of `waitFor` in its output (a server's
 * address), `exited` when it ends.
 */
function npmRun(script: string, args: readonly string[], env: Record<string, string> = {}, waitFor?: RegExp) {
  const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: repo,
    // No colours: the output is matched and quoted (picocolors colours whenever CI is set).
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  let found: (match: RegExpMatchArray) => void = () => undefined
  const ready = new Promise<RegExpMatchArray>((done) => (found = done))
  const take = (text: string) => {
    output += text.replace(ANSI, '')
    const match = waitFor && output.match(waitFor)
    if (match) found(match)
  }
  child.stdout.setEncoding('utf8').on('data', take)
  child.stderr.setEncoding('utf8').on('data', take)
  const exited = new Promise<Ran>((done) => {
    child.on('error', (error) => done({ code: null, signal: null, output: `${output}\n${error.message}` }))
    child.on('close', (code, signal) => done({ code, signal, output }))
  })
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // Gone already.
    }
  }
  return {
    /** The match of `waitFor`; a failure with the last lines if the command exits first. */
    ready: () => Promise.race([ready, exited.then((ran) => Promise.reject(failure(script, args, ran, 'exited before it was ready')))]),
    exited,
    /** SIGTERM to the group, SIGKILL 10 s later; resolves once it exited. */
    async stop(): Promise<Ran> {
      signal('SIGTERM')
      const timer = setTimeout(() => signal('SIGKILL'), 10_000)
      const ran = await exited
      clearTimeout(timer)
      return ran
    },
    output: () => output,
  }
}

function failure(script: string, args: readonly string[], ran: Ran, why: string): Error {
  return new Error(`\`${commandLine(script, args)}\` ${why}; its last lines:\n${lastLines(ran.output)}`)
}

/**
 * At most `limit` commands at a time: they share CI's 2 cores. `first`: ahead of the queue (the steps of a
 * chain that others wait for: migrate, seed).
 */
function pool(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(work: () => Promise<T>, first = false): Promise<T> => {
    if (running >= limit) await new Promise<void>((go) => (first ? waiting.unshift(go) : waiting.push(go)))
    running++
    try {
      return await work()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
const turn = pool(3)

/**
 * Runs the command to its end, in its turn: it must exit 0 and print each of `expected`, or the test fails
 * with its last lines.
 */
async function runs(
  script: string,
  args: readonly string[],
  expected: readonly RegExp[],
  env: Record<string, string> = {},
  first = false,
): Promise<Ran> {
  const ran = await turn(() => npmRun(script, args, env).exited, first)
  if (ran.code !== 0) throw failure(script, args, ran, `exited with ${ran.code ?? ran.signal}`)
  const missing = expected.filter((pattern) => !pattern.test(ran.output))
  if (missing.length) throw failure(script, args, ran, `did not print ${missing.join(', ')}`)
  return ran
}

const tmp = mkdtempSync(join(tmpdir(), 'kids-documented-'))
// The bench's floor page resolves `react` from the repository, so its scratch folder is inside it (ignored).
const benchWork = join(repo, 'bench', 'tmp', `documented-commands-${process.pid}`)
const builds = () => inject('deliveryBuilds')

/** Memoized: several ways share one (the demo server of `serve`, the data `migrate` and `seed` wrote). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

const demoData = join(tmp, 'demo-data')
/** The catalogue's folder: a copy of the one `migrate` wrote, taken before `seed` writes to it. */
const catalogData = join(tmp, 'catalog-data')
const migrated = once(async () => {
  const ran = await runs('migrate', [], [/Migrated: 001_/], { DATA_DIR: demoData }, true)
  // A second `npm run migrate` for the catalogue would prove nothing new for ~6 s of CPU (npm, tsx, a new PGlite).
  cpSync(demoData, catalogData, { recursive: true })
  return ran
})
const seeded = once(async () => {
  await migrated()
  return runs('seed', [], [/Demo data seeded/], { DATA_DIR: demoData }, true)
})
let demoServer: ReturnType<typeof npmRun> | undefined
/** `npm run serve` on the data `seed` wrote, on any free port; stopped after all. */
const served = once(async () => {
  await seeded()
  demoServer = npmRun('serve', [], { DATA_DIR: demoData, PORT: '0' }, /Reference server on (http:\/\/\S+)/)
  return { url: (await demoServer.ready())[1]! }
})
afterAll(async () => {
  // Signalled with npm and tsx, the server gets SIGTERM more than once and stops at once: its drain is
  // tests/server's and .ci/start-smoke.bash's to prove, not this file's.
  await demoServer?.stop()
  rmSync(tmp, { recursive: true, force: true })
  rmSync(benchWork, { recursive: true, force: true })
})

/** A way to run a script cheaply. */
interface Way {
  /** What it proves, beside the command line. */
  what: string
  /** Runs on TEST_DATABASE_URL's server: skipped without it. */
  postgres?: boolean
  run: () => Promise<void>
}

/** A fresh database on TEST_DATABASE_URL's server for `work`, dropped after. */
async function onPostgres(name: string, work: (url: string) => Promise<void>): Promise<void> {
  const url = await createDatabase(pgUrl!, `${name}_${process.pid}`)
  try {
    await work(url)
  } finally {
    await dropDatabase(url)
  }
}

/**
 * How each script the docs name runs here, cheaply: the chain of migrate, seed, serve and health beside the
 * longest (the benches), the quick ones last (they take turns: `runs`).
 */
const CHEAP: Record<string, Way[]> = {
  migrate: [
    { what: 'a fresh PGlite folder (DATA_DIR)', run: async () => void (await migrated()) },
    {
      what: 'a fresh PostgreSQL database (DATABASE_URL), twice: the second finds nothing to do',
      postgres: true,
      run: () =>
        onPostgres('documented_migrate', async (url) => {
          await runs('migrate', [], [/Migrated: 001_/], { DATABASE_URL: url })
          await runs('migrate', [], [/The database is up to date/], { DATABASE_URL: url })
        }),
    },
  ],
  bench: [
    {
      what:
        "one load of one page on each profile (the phone's slow 4G, the slow network with a tap), on the delivery build, " +
        'with NODE_ENV=production (the server is still the demo); not the second opens, audio, film, Lighthouse or scaling',
      run: async () => {
        const args = [
          ...['--dist', builds().before, '--pages', '/word_share', '--runs', '1', '--slow-runs', '1'],
          ...['--fixture-runs', '0', '--reopen-runs', '0', '--audio-runs', '0', '--lighthouse-runs', '0', '--no-film', '--no-scaling'],
          ...['--out-dir', join(tmp, 'bench'), '--work-dir', benchWork],
        ]
        await runs(
          'bench',
          args,
          [
            /Server: the demo/,
            /^\| \/word_share \| data \| browser \| \d+ \|/m,
            /^\| \/word_share \| browser \| button “开始欣赏” \| \d+ \|/m,
          ],
          { NODE_ENV: 'production' },
        )
      },
    },
  ],
  'bench:load': [
    {
      what: "one second per phase, the delivery project's build",
      run: async () =>
        void (await runs('bench:load', ['--seconds', '1', '--dist', builds().before], [/\| small user listing meanwhile \| 1 \| \d+/])),
    },
  ],
  'bench:health': [
    {
      what: '300 reports in PGlite, one reply, one second of share lookups',
      run: async () =>
        void (await runs(
          'bench:health',
          ['--rows', '300', '--runs', '1', '--seconds', '1', '--out-dir', join(tmp, 'bench-health')],
          [/7-day reply/],
        )),
    },
  ],
  'bench:load:instances': [
    {
      what: "one second per phase on TEST_DATABASE_URL's server",
      postgres: true,
      run: async () => void (await runs('bench:load:instances', ['--seconds', '1', '--database-url', pgUrl!], [/p99/])),
    },
  ],
  seed: [{ what: 'the migrated PGlite folder', run: async () => void (await seeded()) }],
  catalog: [
    {
      what: "import the sample into a migrated PGlite folder of its own (a copy of migrate's), twice (the second changes nothing), then export it",
      run: async () => {
        await migrated()
        const env = { DATA_DIR: catalogData }
        const sample = join(repo, 'server/catalog/sample-catalog.jsonl')
        await runs('catalog', ['import', sample], [/space goods: 5 added, 0 updated, 0 removed \(5 in all\)/], env)
        await runs('catalog', ['import', sample], [/nothing changed, the catalogue already is this file/], env)
        const exported = join(tmp, 'catalog.jsonl')
        await runs('catalog', ['export', exported], [/Wrote .*: 5 space goods, 3 membership plans, 5 categories, 11 ages, 12 tags/], env)
        expect(readFileSync(exported, 'utf8')).toContain('{"kind":"category","id":3,"name":"儿歌童谣"}')
      },
    },
  ],
  serve: [
    {
      what: 'PORT=0 on the seeded folder: ready, with the demo data',
      run: async () => {
        const { url } = await served()
        expect((await fetch(`${url}/readyz`)).status).toBe(200)
        const share = (await (await fetch(`${url}/v1/share/uar?r=demo-book`)).json()) as { result: string }
        expect(share.result).toBe('SUCCESS')
      },
    },
  ],
  health: [
    {
      what: '--api the served demo (no field reports yet)',
      run: async () => {
        const { url } = await served()
        await runs('health', ['--api', url], [/./])
      },
    },
  ],
  dev: [
    {
      what: "vite's dev server on a free port serves the home page and transforms a module",
      run: async () => {
        await turn(async () => {
          const dev = npmRun('dev', ['--port', '0', '--strictPort', '--host', '127.0.0.1'], {}, /Local:\s+(http:\/\/\S+)/)
          try {
            const url = (await dev.ready())[1]!.replace(/\/$/, '')
            const home = await fetch(`${url}/`)
            expect(home.status, lastLines(dev.output())).toBe(200)
            expect(await home.text()).toContain('id="root"')
            expect((await fetch(`${url}/@vite/client`)).status, lastLines(dev.output())).toBe(200)
          } finally {
            await dev.stop()
          }
        })
      },
    },
  ],
  'with-postgres': [
    {
      what: 'a throwaway PostgreSQL of its own (TEST_DATABASE_URL emptied) that a command queries, removed after',
      postgres: true,
      run: async () => {
        const query = `"$TEST_PG_BIN/psql" "$TEST_DATABASE_URL" -XAtc 'SELECT 40 + 2'`
        const ran = await runs('with-postgres', [query], [/^42$/m, /PostgreSQL for the tests at postgres:\/\//], { TEST_DATABASE_URL: '' })
        const dir = /(\/\S*kids-english-pg\.\w+)/.exec(ran.output)?.[1]
        expect(dir, `the cluster's folder in:\n${lastLines(ran.output)}`).toBeDefined()
        expect(existsSync(dir!), `${dir} removed`).toBe(false)
      },
    },
  ],
  budgets: [
    {
      what: "--dist the delivery project's build",
      run: async () => void (await runs('budgets', ['--dist', builds().before], [/All pages within budget/])),
    },
  ],
  'pages:diff': [
    {
      what: "the delivery project's two builds (one page changed)",
      run: async () => {
        const { before, after, changed } = builds()
        await runs('pages:diff', [before, after], [new RegExp(changed.path.replace(/[/]/g, '\\/'))])
      },
    },
  ],
  deploy: [
    {
      what: "the delivery project's build into a directory",
      run: async () => {
        const target = join(tmp, 'deployed')
        await runs('deploy', ['--to', target, '--from', builds().before], [/^Release \S+ is live\./m])
        expect(existsSync(join(target, 'index.html'))).toBe(true)
      },
    },
  ],
}

describe('the commands the docs name', () => {
  const named = namedScripts()

  test('are scripts of package.json', () => {
    const unknown = [...named].filter(([script]) => !(script in scripts)).map(([script, files]) => `${script} (${files.join(', ')})`)
    expect(unknown, 'named in the docs but not in package.json').toEqual([])
  })

  test('are each run here or left out with a reason', () => {
    const unplaced = [...named.keys()].filter((script) => !CHEAP[script]?.length && !LEFT_OUT[script]?.trim())
    expect(unplaced, 'named in the docs, neither run by this file (CHEAP) nor in LEFT_OUT with why').toEqual([])
    const both = Object.keys(CHEAP).filter((script) => script in LEFT_OUT)
    expect(both, 'both run and left out').toEqual([])
    // A script no doc names any more needs no way here: the table follows the docs.
    const stale = [...Object.keys(CHEAP), ...Object.keys(LEFT_OUT)].filter((script) => !named.has(script))
    expect(stale, 'in the tables but named by no doc').toEqual([])
  })

  describe('run', () => {
    // All started at once (they take turns in `runs`, the chain of migrate, seed and serve first); each test
    // waits for its own. The time limit counts the wait for a turn too.
    const running = new Map<Way, Promise<void>>()
    const start = (way: Way) => {
      let run = running.get(way)
      if (!run) {
        run = way.run()
        run.catch(() => undefined)
        running.set(way, run)
      }
      return run
    }
    const all = Object.entries(CHEAP).flatMap(([script, ways]) => ways.map((way) => ({ script, way })))
    beforeAll(() => {
      for (const { way } of all) if (!way.postgres || pgUrl) void start(way)
    })
    for (const { script, way } of all) {
      const name = `npm run ${script}: ${way.what}`
      if (way.postgres && !pgUrl) test.skip(`${name} (skipped: no TEST_DATABASE_URL)`, () => undefined)
      else test(name, () => start(way), 600_000)
    }
  })
})
