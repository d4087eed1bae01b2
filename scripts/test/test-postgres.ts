/**
 * The PostgreSQL of the tests that need one (tests/server/pg-*.test.ts, tests/cluster/), started by `npm test`
 * (scripts/test/together.ts --postgres) when the environment names none:
 *
 * - `TEST_DATABASE_URL` set (your own disposable database: its tables are emptied): used, nothing started.
 *   The cluster tests still need the binaries to run a server of their own: `TEST_PG_BIN` if set, else the
 *   newest Debian PostgreSQL found, run as `postgres` when root (`TEST_PG_RUN_AS`).
 * - otherwise a throwaway cluster: initdb'd into a temp folder (`kids-english-pg.*`), listening on 127.0.0.1
 *   only on a free port (its socket in that folder), trusting local connections, fsync off, a role and a
 *   database of its own (`kids_test`); run as the `postgres` user when root (PostgreSQL refuses root).
 *   `TEST_PG_TMPDIR` names the folder: tests/cluster/support/postgres.ts makes its servers' folders in it, so
 *   that `stop()` stops every server in it and deletes it whole, also after an interrupted run.
 *
 * Any failure throws with what to do: the PostgreSQL tests are never skipped in `npm test`.
 */
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** What the tests read: `TEST_DATABASE_URL` (tests/server/pg-*), `TEST_PG_BIN` and `TEST_PG_RUN_AS` (tests/cluster/). */
export interface TestPostgresEnv {
  TEST_DATABASE_URL: string
  TEST_PG_BIN: string
  /** The user the servers run as ('' for the current one). */
  TEST_PG_RUN_AS: string
  /** The throwaway cluster's folder, where tests/cluster/ makes its own servers' ('' when none was started). */
  TEST_PG_TMPDIR: string
}

/** Stops every server in the throwaway folder and deletes the folder; both idempotent. */
export interface TestPostgresStop {
  stop(): Promise<void>
  /** The same, synchronous: for an 'exit' handler (it blocks the event loop for the second pg_ctl takes). */
  stopNow(): void
}

export interface TestPostgres extends TestPostgresStop {
  env: TestPostgresEnv
  /** One line for the log: where it is and how it came. */
  description: string
}

const INSTALL = 'apt-get install postgresql (as root, `bash .ci/system-deps.bash` installs it)'

/** The newest /usr/lib/postgresql/<version>/bin with initdb and pg_ctl, or null. */
export function postgresBindir(): string | null {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(base, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return null
}

/** A database URL fit for a log: its password masked. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(not a URL)'
  }
}

/** The server options of a test cluster: loopback only, the socket in its folder, no waiting for the disk. */
export function testServerOptions(port: number, socketDir: string): string {
  return `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

const asUser = (runAs: string, command: string[]): [string, string[]] =>
  runAs ? ['runuser', ['-u', runAs, '--', ...command]] : [command[0]!, command.slice(1)]

/** The data folders under `dir` (any depth up to 2) whose server may be running. */
function runningDataDirs(dir: string): string[] {
  const found: string[] = []
  const look = (folder: string, depth: number) => {
    if (existsSync(join(folder, 'postmaster.pid'))) found.push(folder)
    if (depth === 0) return
    for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) look(join(folder, entry.name), depth - 1)
  }
  if (existsSync(dir)) look(dir, 2)
  return found
}

/**
 * The PostgreSQL of the tests: the environment's when `TEST_DATABASE_URL` is set, else a throwaway cluster
 * started now. Throws (with the line to run) when PostgreSQL is not installed or does not start, having
 * deleted what it made.
 */
export async function startTestPostgres(
  env: NodeJS.ProcessEnv = process.env,
  /** Given the stops as soon as there is a folder to delete, before the server has started. */
  onFolder: (stops: TestPostgresStop) => void = () => undefined,
): Promise<TestPostgres> {
  const bin = env.TEST_PG_BIN || postgresBindir()
  const runAs = env.TEST_PG_RUN_AS ?? (process.getuid?.() === 0 ? 'postgres' : '')
  if (env.TEST_DATABASE_URL) {
    if (!bin) throw new Error(`the cluster tests need PostgreSQL's binaries: set TEST_PG_BIN to their folder, or ${INSTALL}`)
    return {
      env: { TEST_DATABASE_URL: env.TEST_DATABASE_URL, TEST_PG_BIN: bin, TEST_PG_RUN_AS: runAs, TEST_PG_TMPDIR: '' },
      description: `PostgreSQL of TEST_DATABASE_URL (${withoutPassword(env.TEST_DATABASE_URL)}), none started; the cluster tests' binaries: ${bin}`,
      stop: async () => undefined,
      stopNow: () => undefined,
    }
  }
  if (!bin) throw new Error(`the PostgreSQL tests need PostgreSQL, none under /usr/lib/postgresql: ${INSTALL}`)

  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'kids-english-pg.'))
  let stopped = false
  const pgCtlStop = (data: string) => asUser(runAs, [join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'])
  const stops: TestPostgresStop = {
    async stop() {
      if (stopped) return
      stopped = true
      // Already stopped (or stopping): the folder goes anyway.
      await Promise.all(runningDataDirs(dir).map((data) => run(...pgCtlStop(data), { timeout: 30_000 }).catch(() => undefined)))
      rmSync(dir, { recursive: true, force: true })
    },
    stopNow() {
      stopped = true
      for (const data of runningDataDirs(dir)) {
        try {
          execFileSync(...pgCtlStop(data), { stdio: 'ignore', timeout: 30_000 })
        } catch {
          // As above.
        }
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
  onFolder(stops)
  const pg = async (tool: string, args: string[]) => {
    const [command, rest] = asUser(runAs, [join(bin, tool), ...args])
    return run(command, rest, { timeout: 60_000 })
  }
  const fail = async (what: string, log: string, error: unknown) => {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    const detail = log && existsSync(log) ? readFileSync(log, 'utf8') : `${stdout}${stderr}` || String(error)
    await stops.stop()
    return new Error(`${what}:\n${detail.trim()}`, { cause: error })
  }
  try {
    if (runAs) {
      const uid = Number((await run('id', ['-u', runAs])).stdout.trim())
      const gid = Number((await run('id', ['-g', runAs])).stdout.trim())
      chownSync(dir, uid, gid)
    }
  } catch (error) {
    await stops.stop()
    throw new Error(`PostgreSQL refuses to run as root, and the user ${runAs} is missing: ${INSTALL}`, { cause: error })
  }
  const port = await freePort()
  const data = join(dir, 'data')
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-locale', '-E', 'UTF8', '--no-sync'])
  } catch (error) {
    throw await fail('initdb failed', '', error)
  }
  const serverLog = join(dir, 'server.log')
  try {
    await pg('pg_ctl', ['-D', data, '-l', serverLog, '-w', '-t', '30', '-o', testServerOptions(port, dir), 'start'])
  } catch (error) {
    throw await fail('PostgreSQL did not start', serverLog, error)
  }
  try {
    // An ordinary role owning its database, as an application would connect.
    const psql = [
      join(bin, 'psql'),
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
    ]
    await run(psql[0]!, [...psql.slice(1), '-c', 'CREATE ROLE kids_test LOGIN', '-c', 'CREATE DATABASE kids_test OWNER kids_test'])
  } catch (error) {
    throw await fail('could not create the test database', '', error)
  }
  const url = `postgres://kids_test@127.0.0.1:${port}/kids_test`
  return {
    env: { TEST_DATABASE_URL: url, TEST_PG_BIN: bin, TEST_PG_RUN_AS: runAs, TEST_PG_TMPDIR: dir },
    description: `PostgreSQL for the tests at ${url} (${Date.now() - started} ms; ${dir}, stopped and deleted at the end)`,
    ...stops,
  }
}
