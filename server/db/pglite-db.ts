import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable } from './db'

/**
 * Opens (creating on first use) a PGlite database stored in `dir`.
 * PGlite is a single connection: its transactions are serialised by PGlite itself, so
 * concurrent callers queue instead of interleaving.
 */
export async function createPgliteDb(dir: string): Promise<Db> {
  const pg = await PGlite.create(dir)
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
