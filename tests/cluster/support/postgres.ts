/**
 * A PostgreSQL server of the cluster tests' own: initdb'd into a temporary folder on a free port with the
 * binaries `npm test` names (`TEST_PG_BIN`, run as `TEST_PG_RUN_AS`: scripts/test/test-postgres.ts), so that
 * stopping and starting it (`pg_ctl stop -m fast`, as a restart or a failover does: 57P01 to every connection)
 * touches nothing but the instances under test. Restarting the suite's shared server instead cut the
 * connections of whatever server test ran beside (tests/server/pg-db.test.ts answered 503 in a full run).
 * Its folder is made in the shared server's (`TEST_PG_TMPDIR`) when there is one, so that the end of
 * `npm test` stops and deletes it too when a run is interrupted before `dispose()`.
 */
import { execFile } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort, testServerOptions } from '../../../scripts/test/test-postgres'

const run = promisify(execFile)

export interface TestPostgres {
  /** The server's one database, owned by the test role. */
  databaseUrl: string
  /** Stops the whole server, as `pg_ctl stop -m fast` does in a restart or a failover. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the server and deletes its folder. */
  dispose(): Promise<void>
}

/** What is missing to run the cluster tests, or null when everything is there. */
export function missingPostgres(env = process.env): string | null {
  if (!env.TEST_PG_BIN)
    return 'TEST_PG_BIN (PostgreSQL\'s binaries) is not set: `npm test` sets it; by hand, npm run with-postgres -- "npx vitest run <files>"'
  return null
}

export async function openTestPostgres(env = process.env): Promise<TestPostgres> {
  const dir = mkdtempSync(join(env.TEST_PG_TMPDIR || tmpdir(), 'kids-cluster-pg-'))
  const runAs = env.TEST_PG_RUN_AS
  // PostgreSQL refuses to run as root: its folder belongs to the user it runs as.
  if (runAs) {
    const { stdout } = await run('id', ['-u', runAs])
    const { stdout: group } = await run('id', ['-g', runAs])
    chownSync(dir, Number(stdout.trim()), Number(group.trim()))
  }
  const pgRun = (tool: string, args: string[]) => {
    const command = [join(env.TEST_PG_BIN!, tool), ...args]
    return runAs ? run('runuser', ['-u', runAs, '--', ...command]) : run(command[0]!, command.slice(1))
  }
  const data = join(dir, 'data')
  const port = await freePort()
  const options = testServerOptions(port, dir)
  await pgRun('initdb', ['-D', data, '-U', 'kids_cluster', '-A', 'trust', '--no-locale', '-E', 'UTF8', '--no-sync'])
  const start = async () =>
    void (await pgRun('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-o', options, 'start']))
  await start()
  return {
    databaseUrl: `postgres://kids_cluster@127.0.0.1:${port}/postgres`,
    stop: async () => void (await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])),
    start,
    async dispose() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
