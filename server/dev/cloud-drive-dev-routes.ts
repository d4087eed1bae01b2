/**
 * Development-only routes for the demo cloud drive (registered when `buildApp({ devRoutes: true })`;
 * a production deployment leaves them off, and there the host hands the grant over itself).
 *   POST /v1/dev/cloudDrive/grant   { expiresInSeconds? } — grants the demo drive to the caller
 *   POST /v1/dev/cloudDrive/expire  — makes the caller's grant expire now
 *   POST /v1/dev/cloudDrive/revoke  — removes the caller's grant (not authorized again)
 * The fake host calls `grant` for `baiduAuthorize`.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { DEMO_PROVIDER_NAME } from '../cloud-drive/demo/demo-provider'
import { currentUser } from '../http/auth'
import { notFound, ok } from '../http/envelope'
import { replies } from '../http/schemas'
import { deleteGrant, expireGrant, saveGrant } from '../repositories/cloud-grants-repository'

/** How long a demo grant lasts unless the request says otherwise: 30 days. */
export const DEMO_GRANT_SECONDS = 30 * 86_400

const grantBody = {
  type: ['object', 'null'],
  properties: { expiresInSeconds: { type: 'integer', minimum: 1, maximum: 365 * 86_400 } },
} as const

const grantData = {
  type: 'object',
  required: ['authorized', 'accountName', 'expiresAt'],
  properties: { authorized: { type: 'boolean' }, accountName: { type: 'string' }, expiresAt: { type: 'string' } },
} as const

/** The demo account name shown as `已授权：{accountName}`. */
export const demoAccountName = (nickName: string) => `${nickName}的网盘`

export const cloudDriveDevRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post<{ Body: { expiresInSeconds?: number } | null }>(
    '/v1/dev/cloudDrive/grant',
    { schema: { body: grantBody, response: replies(grantData) } },
    async (request) => {
      const user = currentUser(request)
      const seconds = request.body?.expiresInSeconds ?? DEMO_GRANT_SECONDS
      const grant = {
        userId: user.id,
        provider: DEMO_PROVIDER_NAME,
        accountName: demoAccountName(user.nickName),
        accessToken: randomBytes(24).toString('hex'),
        refreshToken: '',
        expiresAt: new Date(Date.now() + seconds * 1000),
      }
      await saveGrant(db, grant)
      return ok({ authorized: true, accountName: grant.accountName, expiresAt: grant.expiresAt.toISOString() })
    },
  )

  app.post('/v1/dev/cloudDrive/expire', { schema: { response: replies({ type: 'null' }) } }, async (request) => {
    if (!(await expireGrant(db, currentUser(request).id))) throw notFound('尚未授权百度网盘')
    return ok(null)
  })

  app.post('/v1/dev/cloudDrive/revoke', { schema: { response: replies({ type: 'null' }) } }, async (request) => {
    await deleteGrant(db, currentUser(request).id)
    return ok(null)
  })
}
