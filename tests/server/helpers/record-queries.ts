/** Wraps a Db to record every statement it runs (query counts and plans in tests). */
import type { Db, Queryable } from '../../../server/db/db'

/** One statement as run. */
export interface RecordedQuery {
  sql: string
  params: readonly unknown[]
}

/** A Db that appends each statement to `queries`. */
export interface RecordingDb extends Db {
  readonly queries: RecordedQuery[]
}

/** Wraps `db`; clear `queries` (`.length = 0`) before the part to measure. */
export function recordQueries(db: Db): RecordingDb {
  const queries: RecordedQuery[] = []
  const record = (q: Queryable): Queryable => ({
    query(sql, params = []) {
      queries.push({ sql, params })
      return q.query(sql, params)
    },
    exec(sql) {
      queries.push({ sql, params: [] })
      return q.exec(sql)
    },
  })
  return {
    kind: db.kind,
    ...record(db),
    queries,
    transaction: (fn) => db.transaction((tx) => fn(record(tx))),
    batch: (statements) => {
      for (const { sql, params = [] } of statements) queries.push({ sql, params })
      return db.batch(statements)
    },
    close: () => db.close(),
  }
}
