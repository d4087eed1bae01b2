/**
 * Wraps a Db to notice whether anything may have changed since the last reset, so a test file
 * re-seeds only after tests that wrote (most validation and read tests write nothing, and a
 * re-seed costs ~60 ms of CPU). Conservative: any statement that is not a plain SELECT counts.
 */
import type { Db, Queryable } from '../../../server/db/db'

/** A Db that remembers whether it was written to. */
export interface TrackedDb extends Db {
  readonly dirty: boolean
  /** Call after restoring the data. */
  markClean(): void
}

const READ_ONLY = /^\s*SELECT\b/i
const WRITES = /\b(INSERT|UPDATE|DELETE|TRUNCATE|setval|nextval)\b/i

/** Wraps `db`; the wrapper starts dirty (nothing is known about the data yet). */
export function trackWrites(db: Db): TrackedDb {
  let dirty = true
  const track = (q: Queryable): Queryable => ({
    query(sql, params) {
      if (!READ_ONLY.test(sql) || WRITES.test(sql)) dirty = true
      return q.query(sql, params)
    },
    exec(sql) {
      dirty = true
      return q.exec(sql)
    },
  })
  return {
    kind: db.kind,
    ...track(db),
    transaction: (fn) => db.transaction((tx) => fn(track(tx))),
    batch: (statements) => {
      dirty = true
      return db.batch(statements)
    },
    close: () => db.close(),
    get dirty() {
      return dirty
    },
    markClean() {
      dirty = false
    },
  }
}
