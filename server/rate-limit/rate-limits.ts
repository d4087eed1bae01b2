/**
 * Rate limits (issue 40 items 4 and 5), counted across every instance (shared-store.ts) with
 * `@fastify/rate-limit`: past a limit the caller gets 429 `RATE_LIMITED` `操作太频繁，请稍后再试` with
 * `Retry-After` (docs/contracts/api.md "Auth", docs/contracts/ui-text.md "Server messages"), before the work it asked
 * for, and before any lane of the database turns is made for it.
 *
 * The figures are chosen to never touch a real user of the pages: a folder list of 1,000 books is one
 * or two calls, an import's poll one a second, a share page one lookup; the browser journeys, all from
 * one address and a few demo users, stay far below them (docs/server.md "Rate limits").
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Db } from '../db/db'
import { JWT } from '../http/auth'
import { ApiError } from '../http/envelope'
import { bearerToken } from '../http/request-lanes'
import type { TokenVerifier } from '../auth/token-verifier'
import type { OpsAttempts } from '../telemetry/ops-routes'
import { sharedRateLimitStore, sweepRateLimits } from './shared-store'
import { signedInLately, sweepSignedInLately } from './signed-in-lately'

/** At most `max` calls in every window of `windowMs`. */
export interface Limit {
  max: number
  windowMs: number
}

export interface RateLimits {
  /** Every call of a signed-in user, per user, on whichever instance. */
  user: Limit
  /** Refused sign-ins (401), per client address: past it, its calls are refused before the sign-in is looked at. */
  signInFailures: Limit
  /** Share-code lookups (`GET /v1/share/uar`), per client address. */
  shareLookups: Limit
  /** Field reports (`POST /v1/telemetry`), per client address. */
  telemetry: Limit
  /** Wrong `OPS_TOKEN`s on `/ops/`, per client address: past it, every `/ops/` call from there is refused, right token or not. */
  opsFailures: Limit
  /** Cloud-drive authorization codes handed over (`POST /v1/cloudDrive/authorize`), per client address. */
  cloudAuthorizations?: Limit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // 60 a second for 10 s: a page makes a handful of calls per view; a flood is cut within its first second.
  user: { max: 600, windowMs: 10_000 },
  // A real app sends its one token; a wrong or expired one ends in the native sign-in after one 401.
  signInFailures: { max: 30, windowMs: 60_000 },
  // 5 a second from one address (a carrier NAT shares one among many phones); 585/s guesses become 5.
  shareLookups: { max: 300, windowMs: 60_000 },
  // A view sends one to three reports; 4 a second from one address.
  telemetry: { max: 240, windowMs: 60_000 },
  // An operator mistypes a few times; a guesser gets 10 tries per 15 min per address (a 64-hex-digit token
  // has 2^256 values), and the right token from that address waits at most 15 min, never longer.
  opsFailures: { max: 10, windowMs: 15 * 60_000 },
  // A host hands over one code per sign-in; 20 a minute from one address leaves room for a NAT.
  cloudAuthorizations: { max: 20, windowMs: 60_000 },
}

/** A limit per client address that a route asks for with `config: { clientLimit }`. */
export type ClientLimit = 'shareLookups' | 'telemetry' | 'cloudAuthorizations'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address limit this route counts against (rate-limits.ts). */
    clientLimit?: ClientLimit
  }
}

/** 429 `RATE_LIMITED`. */
export const RATE_LIMITED_MSG = '操作太频繁，请稍后再试'

/** Every 60 s some instance deletes the counters whose window ended. */
const SWEEP_MS = 60_000

/** The hooks that apply the limits. */
export interface RateLimitHooks {
  /** App-wide onRequest: the per-address limit of the route (`config.clientLimit`), if any. */
  perClient: onRequestAsyncHookHandler
  /**
   * Before the sign-in: an address past its refused sign-ins is refused at once, but for a token that
   * signed in lately through any instance (signed-in-lately.ts).
   */
  beforeSignIn: onRequestAsyncHookHandler
  /** After the sign-in: remembers the token as signed in (for every instance), then the user's own limit. */
  perUser: onRequestAsyncHookHandler
  /** onSend of the signed-in routes: a 401 counts against its address before it is sent. */
  countSignInFailure: <T>(request: FastifyRequest, reply: FastifyReply, payload: T) => Promise<T>
  /** `/ops/`: an address past its wrong tokens is refused before its token is compared; a wrong one counts. */
  ops: OpsAttempts | undefined
}

/** A client's address; an IPv6 one by its /64, as one phone or home holds a whole /64. */
const clientKey = (request: FastifyRequest) => normalizeIP(request.ip)

/** How the sign-in checks a signed token (as `authenticate` does): to let a real user's token past a flood without asking the database for every bogus one. */
export interface SignInCheck {
  verifier: TokenVerifier | null
}

/**
 * Registers `@fastify/rate-limit` on `db` and returns the hooks; `false` = no limits (the server
 * tests that are not about them).
 */
export async function installRateLimits(
  app: FastifyInstance,
  db: Db,
  limits: RateLimits | false,
  signIn: SignInCheck = { verifier: null },
): Promise<RateLimitHooks> {
  if (!limits) {
    const none = async () => {}
    return { perClient: none, beforeSignIn: none, perUser: none, countSignInFailure: async (_q, _r, payload) => payload, ops: undefined }
  }
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(db),
    // The database unreachable for a moment must not turn every call into an error: the call goes on
    // (and meets the same database, with its own 503).
    skipOnError: true,
  })
  const sweep = setInterval(() => {
    void sweepRateLimits(db).catch(() => undefined)
    void sweepSignedInLately(db).catch(() => undefined)
  }, SWEEP_MS)
  sweep.unref()
  app.addHook('onClose', async () => clearInterval(sweep))

  const limiter = (name: string, limit: Limit, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${name}:${key(request)}` })
  const perClient = {
    shareLookups: limiter('share', limits.shareLookups, clientKey),
    telemetry: limiter('telemetry', limits.telemetry, clientKey),
    cloudAuthorizations: limiter('cloudauth', limits.cloudAuthorizations ?? DEFAULT_RATE_LIMITS.cloudAuthorizations!, clientKey),
  }
  const signInFailures = limiter('signin', limits.signInFailures, clientKey)
  const opsFailures = limiter('ops', limits.opsFailures, clientKey)
  const perUser = limiter('user', limits.user, (request) => String(request.currentUser?.id))

  /**
   * Refuses with 429 and `Retry-After` when `check` says the caller is over: past the limit with this
   * call counted, or (`increment: false`, refused sign-ins) already at it.
   */
  const refuseWhenOver = async (
    check: ReturnType<typeof limiter>,
    request: FastifyRequest,
    reply: FastifyReply,
    increment = true,
    exempt?: () => Promise<boolean>,
  ) => {
    const result = await check(request, { increment })
    if (result.isAllowed || !(increment ? result.isExceeded : result.remaining === 0 && result.ttl > 0)) return
    if (exempt && (await exempt())) return
    void reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)))
    throw new ApiError(429, RATE_LIMITED_MSG, 'RATE_LIMITED')
  }

  const lately = signedInLately(db)
  /**
   * Whether the token of a call from an address over its refused sign-ins signed in lately through
   * any instance. Only a signed token whose signature checks (no database) is looked up: a flood of
   * forged or random ones, or of the demo's unsigned tokens, costs the database nothing (a demo token
   * keeps only the memory of the instance it signed in on, request-lanes.ts).
   */
  const signedInElsewhere = async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token || !signIn.verifier || !JWT.test(token)) return false
    if (!(await signIn.verifier.verify(token).catch(() => null))) return false
    return lately.recalls(token).catch(() => false)
  }

  return {
    perClient: async (request, reply) => {
      const name = request.routeOptions.config.clientLimit
      if (name) await refuseWhenOver(perClient[name], request, reply)
    },
    // A token that signed in lately, here or through another instance, is no guess: its user is not
    // locked out by a flood from their address (a shared NAT).
    beforeSignIn: async (request, reply) => {
      if (!request.signedInLately) await refuseWhenOver(signInFailures, request, reply, false, () => signedInElsewhere(request))
    },
    perUser: async (request, reply) => {
      const token = bearerToken(request)
      if (token) await lately.remember(token)
      await refuseWhenOver(perUser, request, reply)
    },
    countSignInFailure: async (request, reply, payload) => {
      if (reply.statusCode === 401) await signInFailures(request).catch(() => undefined)
      return payload
    },
    ops: {
      beforeCheck: (request, reply) => refuseWhenOver(opsFailures, request, reply, false),
      countFailure: async (request) => void (await opsFailures(request).catch(() => undefined)),
    },
  }
}
