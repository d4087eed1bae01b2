/**
 * The one database interface the server uses. Two implementations share the same SQL:
 * PGlite (embedded, default) and node-postgres (a real PostgreSQL via DATABASE_URL).
 * Repositories take a `Queryable`, so the same function runs on the pool or inside a transaction.
 */

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** The database: queries, transactions and shutdown. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error
   * is re-thrown). Use the `tx` it receives for every statement that must be atomic.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Releases the database (closes PGlite / ends the pool). */
  close(): Promise<void>
}
