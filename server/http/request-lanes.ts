/**
 * Puts each request's database work in its caller's lane (db/fair-db.ts), so that one caller's burst
 * waits behind its own work, not everyone else's. Lanes exist only for signed-in users: a request is in
 * its user's lane once `authenticate` knows them. Before that (the sign-in itself), a token that signed
 * in lately is in its user's lane already; every other caller — no token, an unknown or bogus token, a
 * share lookup, a field report — shares the one anonymous lane, so a flood that sends a new token per
 * request is one lane among the users', never one new lane per request (issue 40 item 5).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { inLane } from '../db/fair-db'

const BEARER = /^Bearer\s+(\S+)/i

/** The request's bearer token as sent (unchecked), or undefined. */
export const bearerToken = (request: FastifyRequest) => BEARER.exec(request.headers.authorization ?? '')?.[1]

/** The lane of every caller not (yet) known as a user. */
export const ANONYMOUS_LANE = 'anonymous'

/** Tokens remembered as signed in (the oldest forgotten first when full). */
const MAX_TOKENS = 10_000

export const userLane = (userId: number) => `user:${userId}`

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's token signed in on this instance lately (set before the sign-in; only a hint). */
    signedInLately: boolean
  }
}

export function laneRequests(app: FastifyInstance): void {
  /** Token → user of the sign-ins that succeeded lately (only picks a lane: `authenticate` still decides). */
  const signedIn = new Map<string, number>()
  const laneBeforeSignIn = (request: FastifyRequest) => {
    const token = bearerToken(request)
    const userId = token === undefined ? undefined : signedIn.get(token)
    request.signedInLately = userId !== undefined
    return userId === undefined ? ANONYMOUS_LANE : userLane(userId)
  }

  app.decorateRequest('signedInLately', false)
  // Callback hooks that continue the request inside `inLane`: what runs next (and what it starts)
  // keeps the lane. A body is read from the socket's own events, outside it, so the lane is set again
  // once the body is in, before the handler.
  app.addHook('onRequest', (request, _reply, done) => inLane(laneBeforeSignIn(request), done))
  app.addHook('preHandler', (request, _reply, done) => {
    const user = request.currentUser
    if (!user) return inLane(ANONYMOUS_LANE, done)
    const token = bearerToken(request)
    if (token !== undefined && signedIn.get(token) !== user.id) {
      if (signedIn.size >= MAX_TOKENS) signedIn.delete(signedIn.keys().next().value!)
      signedIn.set(token, user.id)
    }
    inLane(userLane(user.id), done)
  })
}
