/**
 * Errors that say the database (or the disk) is missing for a moment, not that the request is wrong:
 * the error handler answers them 503 / 507 (docs/contracts/ui-text.md "Server messages") and the
 * next request, once PostgreSQL is back, works on a fresh connection.
 */

/**
 * SQLSTATEs of a connection lost or refused: class 08 (connection exception), 57P01 admin_shutdown
 * (`pg_ctl stop -m fast`, a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * node-postgres reports a connection that ended or timed out by message only (no code):
 * `Connection terminated unexpectedly`, `Connection terminated due to connection timeout`,
 * `Client has encountered a connection error and is not queryable`, `timeout exceeded when trying to connect`.
 */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/

/** The database cannot be reached now (503 `服务繁忙，请稍后再试`), whatever the statement was. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error instanceof UnavailableError) return true
  const { code } = error as { code?: unknown }
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true
  return UNAVAILABLE_MESSAGE.test(error.message)
}

/**
 * The disk is full (507 `存储空间不足，请稍后再试`): Node's ENOSPC (an upload being written), PostgreSQL's
 * 53100 disk_full, and PGlite's Emscripten file system, which throws `ErrnoError` with errno 51 (its ENOSPC).
 */
export function isDiskFull(error: unknown): boolean {
  // PGlite's worker may throw the Emscripten error as a plain object ({ name: 'ErrnoError', errno: 51 }).
  if (typeof error !== 'object' || error === null) return false
  const { code, errno, name, message } = error as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown }
  if (code === 'ENOSPC' || code === '53100') return true
  if (name === 'ErrnoError' && errno === 51) return true
  return typeof message === 'string' && /ErrnoError.*errno:? 51\b/.test(message)
}

/** Something a request needs cannot answer now (the sign-in's key set): a 503 like a database away. */
export class UnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'UnavailableError'
  }
}
