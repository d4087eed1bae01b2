import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Db } from '../db/db'
import { findUserByToken, type User } from '../repositories/users-repository'
import { unauthorized } from './envelope'

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of the bearer token; set by `authenticate` on authenticated routes. */
    currentUser: User | null
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i

/**
 * onRequest hook: maps `Authorization: Bearer <token>` to a user, or answers 401.
 * Runs before body parsing and validation, so an anonymous caller learns nothing else.
 */
export function authenticate(db: Db): onRequestAsyncHookHandler {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw unauthorized('请先登录')
    const user = await findUserByToken(db, match[1]!)
    if (!user) throw unauthorized('登录已失效，请重新登录')
    request.currentUser = user
  }
}

/** The authenticated user of a request on an authenticated route. */
export function currentUser(request: FastifyRequest): User {
  if (!request.currentUser) throw unauthorized('请先登录')
  return request.currentUser
}
