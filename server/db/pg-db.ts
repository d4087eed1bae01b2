import pg from 'pg'
import type { Db, Queryable } from './db'
import { isDatabaseUnavailable } from './db-errors'

/** Connections of the pool: as many statements as run at once (fair-db.ts takes turns up to this). */
export const PG_POOL_SIZE = 10

/**
 * How long a request waits for a connection (a new one to a PostgreSQL that is down or restarting, or a
 * free one of the pool) before it fails with 503 instead of hanging.
 */
export const PG_CONNECT_TIMEOUT_MS = 5000

export interface PgDbOptions {
  /** Connections of the pool (PG_POOL_SIZE). */
  poolSize?: number
  /**
   * Told about a connection that failed while no statement was using it: PostgreSQL restarted or was
   * stopped (57P01), the network cut it. Never fatal: the pool drops that connection and opens a new
   * one for the next statement. Default: one line on stderr.
   */
  onConnectionError?: (error: Error) => void
}

const defaultReport = (error: Error) => console.warn(`PostgreSQL connection lost (${describeError(error)}); the next statement reconnects`)

/** `57P01 terminating connection due to administrator command`. */
export const describeError = (error: Error) => [(error as { code?: string }).code, error.message].filter(Boolean).join(' ')

/**
 * Connects to a real PostgreSQL server through a node-postgres pool.
 * Each transaction takes its own pooled client, so concurrent requests really run
 * concurrently; the SQL relies on constraints (not on serialisation) for correctness.
 *
 * Surviving PostgreSQL (issue 40 item 5): node-postgres emits `'error'` on a connection that dies
 * without a statement running on it — on the pool for an idle one, on the client for one checked out by
 * a transaction between two statements — and an `'error'` nobody listens to ends the process. Both are
 * listened to here: the connection is discarded (released with its error), the statement running on it
 * fails (db-errors.ts: 503 for its request), and the next statement gets a new connection.
 */
export async function createPgDb(connectionString: string, options: PgDbOptions = {}): Promise<Db> {
  const report = options.onConnectionError ?? defaultReport
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // A peer that vanished without closing (a failover, a cut network) is noticed by TCP, not never.
    keepAlive: true,
  })
  pool.on('error', report)
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect()
  probe.release()
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params])
      return result.rows as T[]
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  })
  const db: Db = {
    kind: 'postgres',
    url: connectionString,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      // While checked out the pool does not listen to this client: a connection cut between two
      // statements would be an unhandled 'error'. Remember it; the next statement fails anyway.
      let lost: Error | null = null
      const onError = (error: Error) => {
        lost = error
        report(error)
      }
      client.on('error', onError)
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => {})
        lost ??= isDatabaseUnavailable(error) ? (error as Error) : null
        throw error
      } finally {
        client.off('error', onError)
        // A broken connection is destroyed, not given to the next request.
        client.release(lost ?? undefined)
      }
    },
    batch(statements) {
      return db.transaction(async (tx) => {
        const results: Record<string, unknown>[][] = []
        for (const { sql, params = [] } of statements) results.push(await tx.query<Record<string, unknown>>(sql, [...params]))
        return results
      })
    },
    close: () => pool.end(),
  }
  return db
}
