import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { TokenVerifier } from '../auth/token-verifier'
import type { Db } from '../db/db'
import { findOrCreateUserBySubject, findUserByToken, type User } from '../repositories/users-repository'
import { unauthorized } from './envelope'

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of the bearer token; set by `authenticate` on authenticated routes. */
    currentUser: User | null
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i

/** A compact JWS: three base64url parts (the demo's fixed tokens have no dot). */
export const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/

export const SIGN_IN_MSG = '请先登录'
export const EXPIRED_MSG = '登录已失效，请重新登录'

export interface AuthOptions {
  db: Db
  /** Checks signed tokens (production sign-in); none configured = no JWT is accepted. */
  verifier: TokenVerifier | null
  /**
   * The demo users' fixed tokens (`demo-vip-token`, ...) sign in too. The demo only: buildApp turns it
   * off with `NODE_ENV=production`, whatever else is set, so there a demo token is a 401 like any other.
   */
  demoTokens: boolean
}

/**
 * onRequest hook: maps `Authorization: Bearer <token>` to a user, or answers 401.
 * Runs before body parsing and validation, so an anonymous caller learns nothing else.
 * A JWT goes to the verifier and its subject names the user (created on first sight); any other token is
 * looked up among the demo users' when `demoTokens` allows it.
 */
export function authenticate({ db, verifier, demoTokens }: AuthOptions): onRequestAsyncHookHandler {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw unauthorized(SIGN_IN_MSG)
    const token = match[1]!
    let user: User | null = null
    if (verifier && JWT.test(token)) {
      const verified = await verifier.verify(token)
      if (verified) user = await findOrCreateUserBySubject(db, verified.subject)
    } else if (demoTokens) {
      user = await findUserByToken(db, token)
    }
    if (!user) throw unauthorized(EXPIRED_MSG)
    request.currentUser = user
  }
}

/** The authenticated user of a request on an authenticated route. */
export function currentUser(request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized(SIGN_IN_MSG)
  return request.currentUser
}
