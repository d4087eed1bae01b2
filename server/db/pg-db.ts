import pg from 'pg'
import type { Db, Queryable } from './db'

/** Connections of the pool: as many statements as run at once (fair-db.ts takes turns up to this). */
export const PG_POOL_SIZE = 10

/**
 * Connects to a real PostgreSQL server through a node-postgres pool.
 * Each transaction takes its own pooled client, so concurrent requests really run
 * concurrently; the SQL relies on constraints (not on serialisation) for correctness.
 */
export async function createPgDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: PG_POOL_SIZE })
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
