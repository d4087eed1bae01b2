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

/** One statement of a batch. */
export interface Statement {
  sql: string
  params?: readonly unknown[]
}

/** The database: queries, transactions and shutdown. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** A PostgreSQL server's connection string, for a thread that opens a connection of its own (the health reads). */
  readonly url?: string
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error
   * is re-thrown). Use the `tx` it receives for every statement that must be atomic.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs `statements` one after the other in one transaction sent to the database at once, and
   * returns the rows of each: COMMIT when all succeed, ROLLBACK (and the error) otherwise. For a
   * transaction with no JavaScript between its statements: on PGlite, where a transaction holds the
   * one connection, it then takes one trip to the worker instead of one per statement. Each
   * statement still starts after the previous ended (it sees what a lock it waited for protected).
   */
  batch(statements: readonly Statement[]): Promise<Record<string, unknown>[][]>
  /** Releases the database (closes PGlite / ends the pool). */
  close(): Promise<void>
}
