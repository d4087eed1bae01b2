import pg from 'pg'
import type { Db, Queryable } from './db'

/**
 * Connects to a real PostgreSQL server through a node-postgres pool.
 * Each transaction takes its own pooled client, so concurrent requests really run
 * concurrently; the SQL relies on constraints (not on serialisation) for correctness.
 */
export async function createPgDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 })
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
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
