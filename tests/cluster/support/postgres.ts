/**
 * The test PostgreSQL cluster that .ci/test-postgres.bash started, as the cluster tests use it: a
 * database of their own on it, and stopping and starting the whole server under running instances
 * (`pg_ctl stop -m fast`, as a restart or a failover does: 57P01 to every connection).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export interface TestPostgres {
  /** A fresh database of its own (owned by the test role), dropped by `dispose`. */
  databaseUrl: string
  /** Stops the whole server, as `pg_ctl stop -m fast` does in a restart or a failover. */
  stop(): Promise<void>
  start(): Promise<void>
  dispose(): Promise<void>
}

/** What is missing to run the cluster tests, or null when everything is there. */
export function missingPostgres(env = process.env): string | null {
  if (!env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set'
  if (!env.TEST_PG_DATA || !env.TEST_PG_BIN || !env.TEST_PG_OPTS) return 'TEST_PG_DATA, TEST_PG_BIN and TEST_PG_OPTS are not set'
  return null
}

export async function openTestPostgres(env = process.env): Promise<TestPostgres> {
  const url = new URL(env.TEST_DATABASE_URL!)
  const admin = new URL(url)
  admin.username = 'postgres'
  admin.pathname = '/postgres'
  const name = `kids_cluster_${randomBytes(4).toString('hex')}`
  const asAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.href })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await asAdmin(`CREATE DATABASE ${name} OWNER ${url.username}`)
  const database = new URL(url)
  database.pathname = `/${name}`
  const pgCtl = (args: string[]) => {
    const command = [`${env.TEST_PG_BIN}/pg_ctl`, '-D', env.TEST_PG_DATA!, ...args]
    return env.TEST_PG_RUN_AS ? run('runuser', ['-u', env.TEST_PG_RUN_AS, '--', ...command]) : run(command[0]!, command.slice(1))
  }
  return {
    databaseUrl: database.href,
    stop: async () => void (await pgCtl(['-m', 'fast', '-w', 'stop'])),
    start: async () => void (await pgCtl(['-w', '-t', '30', '-l', `${env.TEST_PG_DATA}/../server.log`, '-o', env.TEST_PG_OPTS!, 'start'])),
    dispose: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}
