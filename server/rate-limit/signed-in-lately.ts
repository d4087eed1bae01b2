/**
 * Which tokens signed in lately, through any instance (`signed_in_lately`, migrations/010): the
 * exception to the refused sign-ins' limit (rate-limits.ts). A user behind a carrier's NAT shares an
 * address with whoever floods it with bogus tokens; once the address is over its limit, their token is
 * still let through to the sign-in if it signed in within {@link SIGNED_IN_TTL_MS}, wherever it did.
 *
 * Cheap both ways: a successful sign-in writes its token's row at most once a {@link REFRESH_MS} per
 * instance (one upsert a minute for a user's whole session), and the table is read only for a call
 * from an address over its limit that the caller's instance does not already know (one primary-key
 * lookup). Only a hash of the token is stored.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../db/db'

/** A token is "signed in lately" this long after its last use (refreshed while it is used). */
export const SIGNED_IN_TTL_MS = 60 * 60_000

/** A token's row is written again at most this often by one instance. */
export const REFRESH_MS = 60_000

/** Tokens whose last write this instance remembers (the oldest forgotten first). */
const MAX_REMEMBERED = 10_000

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

const REMEMBER = `INSERT INTO signed_in_lately AS s (token_hash, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (token_hash) DO UPDATE SET expires_at = greatest(s.expires_at, excluded.expires_at)`

export interface SignedInLately {
  /** After a successful sign-in: remembers `token` for every instance (at most once a minute here). */
  remember(token: string): Promise<void>
  /** Whether `token` signed in lately through any instance. */
  recalls(token: string): Promise<boolean>
}

export function signedInLately(db: Db): SignedInLately {
  /** Token → when this instance last wrote its row (performance.now()). */
  const written = new Map<string, number>()
  return {
    async remember(token) {
      const at = written.get(token)
      if (at !== undefined && performance.now() - at < REFRESH_MS) return
      written.delete(token)
      if (written.size >= MAX_REMEMBERED) written.delete(written.keys().next().value!)
      written.set(token, performance.now())
      await db.query(REMEMBER, [hashOf(token), SIGNED_IN_TTL_MS]).catch(() => written.delete(token))
    },
    async recalls(token) {
      const at = written.get(token)
      if (at !== undefined && performance.now() - at < SIGNED_IN_TTL_MS) return true
      const rows = await db.query('SELECT 1 FROM signed_in_lately WHERE token_hash = $1 AND expires_at > now()', [hashOf(token)])
      return rows.length > 0
    },
  }
}

/** Deletes the rows past their time (any instance, any time; with the counters' sweep). */
export async function sweepSignedInLately(db: Db): Promise<void> {
  await db.query('DELETE FROM signed_in_lately WHERE expires_at <= now()')
}
