/**
 * Production sign-in (issue 40 item 1): the product's login system issues JWTs; this server accepts a
 * token only when its signature checks out against the configured key and its issuer, audience and
 * expiry are right, and knows the user by its subject (`sub`).
 *
 * `jose` rather than `@fastify/jwt`: one small package with no dependencies (530 KB installed, nothing in
 * a page), remote key sets built in (`createRemoteJWKSet`: fetched on demand, cached, refetched for an
 * unknown `kid` at most every 30 s), the same API for HS256 and every asymmetric algorithm. `@fastify/jwt`
 * wraps fast-jwt and needs `get-jwks` (and its caches) for a key set, decorates every request, and would
 * make the demo's fixed tokens a second plugin beside it.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey, type JWTVerifyOptions, type RemoteJWKSet } from 'jose'
import { UnavailableError } from '../db/db-errors'
import { StartRefusal } from '../start-refusal'

/** What a verified token says about its user: only who it is (membership and capacity are the database's). */
export interface VerifiedToken {
  subject: string
}

/** Checks a bearer token. */
export interface TokenVerifier {
  /**
   * The token's subject, or `null` when the token is not one this server accepts (forged, expired, wrong
   * issuer or audience, no `exp`, no `sub`). Throws when the keys cannot be had (the key set's server is
   * down): that is a moment without sign-in (503), not a bad token.
   */
  verify(token: string): Promise<VerifiedToken | null>
  /**
   * Whether a token could be verified now (`/readyz`): an HS256 secret always; a key set once it has
   * keys that are fresh, fetched now if need be (at most every {@link KEY_SET_RETRY_MS}, within
   * {@link KEY_SET_READY_TIMEOUT_MS}). Never throws.
   */
  ready(): Promise<boolean>
}

/** The environment variables of sign-in. */
export interface AuthEnv {
  AUTH_JWT_SECRET?: string
  AUTH_JWKS_URL?: string
  AUTH_JWT_ISSUER?: string
  AUTH_JWT_AUDIENCE?: string
}

/** The asymmetric algorithms a key set may sign with (never HS*: a public key must not double as a secret). */
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519']

/** Seconds of clock difference tolerated on `exp` and `nbf` between the sign-in and this server. */
export const CLOCK_TOLERANCE_S = 30

/** HS256 keys shorter than this are refused at start (RFC 7518 section 3.2: at least the hash's 256 bits). */
const MIN_SECRET_BYTES = 32

/**
 * The longest subject this server takes, in characters (code points, as PostgreSQL's `char_length`
 * counts them): `users.subject` is `text UNIQUE` (migrations/006), and its index cannot hold a value
 * past about 2,700 bytes (an 8 KB `sub` was a 500). 255 characters are at most 1,020 bytes of UTF-8;
 * sign-ins' subjects are ids (a UUID is 36). A longer one is a token this server does not accept (401).
 */
export const MAX_SUBJECT_CHARS = 255

/** A subject `users.subject` can hold: not empty, at most {@link MAX_SUBJECT_CHARS}, no NUL (PostgreSQL text refuses it). */
export function storableSubject(subject: string | undefined): subject is string {
  if (!subject || subject.length > MAX_SUBJECT_CHARS * 2 || subject.includes('\0')) return false
  return [...subject].length <= MAX_SUBJECT_CHARS
}

/** How long `/readyz` waits for the key set before it says no (the fetch itself goes on, up to its 5 s). */
export const KEY_SET_READY_TIMEOUT_MS = 1500

/** After a failed fetch, `/readyz` fetches the key set again at most this often (a probe every second costs one fetch every 2 s). */
export const KEY_SET_RETRY_MS = 2000

/** Errors of a token (401), as opposed to errors of getting the keys (a key set's server down). */
const tokenErrors = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKInvalid,
]

/** A verifier for `key` (a secret or a key set). */
function verifierFor(key: Uint8Array | JWTVerifyGetKey, options: JWTVerifyOptions, ready: () => Promise<boolean>): TokenVerifier {
  return {
    ready,
    async verify(token) {
      try {
        const { payload } = await (typeof key === 'function' ? jwtVerify(token, key, options) : jwtVerify(token, key, options))
        return storableSubject(payload.sub) ? { subject: payload.sub } : null
      } catch (error) {
        if (tokenErrors.some((type) => error instanceof type)) return null
        // The key set could not be fetched (its server down or slow): no one can sign in for a moment.
        throw new UnavailableError('the sign-in key set cannot be fetched', { cause: error })
      }
    },
  }
}

/**
 * The verifier the environment configures, or `null` when it configures none (the demo). A partial or
 * contradictory configuration is refused with one line (`StartRefusal`), never half applied.
 */
export function verifierFromEnv(env: AuthEnv = process.env): TokenVerifier | null {
  const { AUTH_JWT_SECRET: secret, AUTH_JWKS_URL: jwksUrl, AUTH_JWT_ISSUER: issuer, AUTH_JWT_AUDIENCE: audience } = env
  if (!secret && !jwksUrl) {
    if (issuer || audience) throw new StartRefusal('AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE need AUTH_JWT_SECRET or AUTH_JWKS_URL')
    return null
  }
  if (secret && jwksUrl) throw new StartRefusal('set AUTH_JWT_SECRET (HS256) or AUTH_JWKS_URL (a key set), not both')
  if (!issuer || !audience) throw new StartRefusal('sign-in needs AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE (what the tokens must name)')
  const options = (algorithms: string[]): JWTVerifyOptions => ({
    issuer,
    audience,
    algorithms,
    requiredClaims: ['exp', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_S,
  })
  if (secret) {
    const bytes = new TextEncoder().encode(secret)
    if (bytes.length < MIN_SECRET_BYTES) throw new StartRefusal(`AUTH_JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes (HS256)`)
    return verifierFor(bytes, options(['HS256']), async () => true)
  }
  let url: URL
  try {
    url = new URL(jwksUrl!)
  } catch {
    throw new StartRefusal(`AUTH_JWKS_URL is not a URL: ${jwksUrl}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StartRefusal(`AUTH_JWKS_URL must be an https:// URL: ${jwksUrl}`)
  const keySet = createRemoteJWKSet(url, { timeoutDuration: 5000 })
  return verifierFor(keySet, options(ASYMMETRIC), keySetReadiness(keySet))
}

/**
 * Whether `keySet` holds keys a token can be verified with: its cached set when fresh (jose keeps one
 * 10 minutes and then fetches it again; a stale set it could not refetch verifies nothing), else a fetch
 * now, shared with any in flight, at most every {@link KEY_SET_RETRY_MS} after a failure. A set without
 * a key verifies nothing either.
 */
export function keySetReadiness(keySet: Pick<RemoteJWKSet, 'fresh' | 'jwks' | 'reload'>): () => Promise<boolean> {
  const hasKeys = () => keySet.fresh && (keySet.jwks()?.keys.length ?? 0) > 0
  let failedAt = -Infinity
  let fetching: Promise<void> | null = null
  return async () => {
    if (hasKeys()) return true
    if (!fetching && performance.now() - failedAt < KEY_SET_RETRY_MS) return false
    fetching ??= keySet
      .reload()
      .catch(() => {
        failedAt = performance.now()
      })
      .finally(() => (fetching = null))
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, KEY_SET_READY_TIMEOUT_MS)))
    try {
      await Promise.race([fetching, timeout])
    } finally {
      clearTimeout(timer)
    }
    return hasKeys()
  }
}
