/**
 * Puts each request's database work in its caller's lane (db/fair-db.ts), so that one caller's burst
 * waits behind its own work, not everyone else's: the signed-in user's lane once `authenticate` knows
 * them, before that (the sign-in itself) the token's, and the address's without one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { inLane } from '../db/fair-db'

const BEARER = /^Bearer\s+(\S+)/i

const callerLane = (request: FastifyRequest) => {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
  return token ? `token:${token}` : `ip:${request.ip}`
}

export function laneRequests(app: FastifyInstance): void {
  // Callback hooks that continue the request inside `inLane`: what runs next (and what it starts)
  // keeps the lane. A body is read from the socket's own events, outside it, so the lane is set again
  // once the body is in, before the handler.
  app.addHook('onRequest', (request, _reply, done) => inLane(callerLane(request), done))
  app.addHook('preHandler', (request, _reply, done) =>
    inLane(request.currentUser ? `user:${request.currentUser.id}` : callerLane(request), done),
  )
}
