/**
 * A store for `@fastify/rate-limit` that every instance shares: a fixed-window counter per key in
 * PostgreSQL (`rate_limits`, migrations/007), so a client's requests count the same whichever
 * instance answers them. Once a key is over its limit, this instance remembers it until its window
 * ends and answers from memory: a flood costs the database one statement per key and window, not
 * one per request.
 *
 * Keys are HMAC-SHA256 of what they count, under a secret the database holds (`rate_limit_secret`):
 * an address is never stored in clear, and a row lives one window (`sweepRateLimits` deletes it).
 */
import { createHmac } from 'node:crypto'
import type { Db } from '../db/db'

/** What `@fastify/rate-limit` expects back from a store. */
interface Count {
  current: number
  ttl: number
}
type Callback = (error: Error | null, result?: Count) => void

/** The store interface of `@fastify/rate-limit` (its `store` option takes the class). */
export interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void
  read(key: string, callback: Callback, timeWindow: number, max: number): void
  child(routeOptions: unknown): RateLimitStore
}

/** At most this many keys remembered as over their limit (the oldest window is forgotten first). */
const MAX_REMEMBERED = 10_000

/** Adds one to `key`'s counter, starting a new window when the last one has ended. */
const INCREMENT = `
  INSERT INTO rate_limits AS r (key, count, resets_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.resets_at <= now() THEN 1 ELSE r.count + 1 END,
    resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
  RETURNING count, greatest(0, ceil(extract(epoch FROM r.resets_at - now()) * 1000))::float8 AS ttl`

const READ = `SELECT count, greatest(0, ceil(extract(epoch FROM resets_at - now()) * 1000))::float8 AS ttl
  FROM rate_limits WHERE key = $1 AND resets_at > now()`

/** A `@fastify/rate-limit` store class over `db`. */
export function sharedRateLimitStore(db: Db): new () => RateLimitStore {
  let secret: Promise<string> | null = null
  const hashed = async (key: string) => {
    secret ??= db
      .query<{ secret: string }>('SELECT secret FROM rate_limit_secret')
      .then((rows) => rows[0]!.secret)
      .catch((error: unknown) => {
        secret = null
        throw error
      })
    return createHmac('sha256', await secret)
      .update(key)
      .digest('base64url')
  }
  /** Keys over their limit on this instance: until when, and the count seen. */
  const over = new Map<string, { until: number; count: number }>()
  const remembered = (key: string): Count | null => {
    const entry = over.get(key)
    if (!entry) return null
    const ttl = entry.until - Date.now()
    if (ttl > 0) return { current: ++entry.count, ttl }
    over.delete(key)
    return null
  }
  const remember = (key: string, count: Count) => {
    if (over.size >= MAX_REMEMBERED) over.delete(over.keys().next().value!)
    over.set(key, { until: Date.now() + count.ttl, count: count.current })
  }

  return class SharedRateLimitStore implements RateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const known = remembered(key)
      if (known) return callback(null, known)
      hashed(key)
        .then((hash) => db.query<Count & { count: number }>(INCREMENT, [hash, timeWindow]))
        .then(([row]) => {
          const count = { current: row!.count, ttl: row!.ttl }
          // At the limit, the next call is over it: from now on this instance answers from memory.
          if (count.current >= max) remember(key, count)
          callback(null, count)
        }, callback)
    }

    read(key: string, callback: Callback): void {
      const entry = over.get(key)
      if (entry && entry.until > Date.now()) return callback(null, { current: entry.count, ttl: entry.until - Date.now() })
      hashed(key)
        .then((hash) => db.query<{ count: number; ttl: number }>(READ, [hash]))
        .then(([row]) => callback(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }), callback)
    }

    child(): RateLimitStore {
      return new SharedRateLimitStore()
    }
  }
}

/** Deletes the counters whose window has ended (any instance may run it at any time). */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE resets_at <= now()')
}
