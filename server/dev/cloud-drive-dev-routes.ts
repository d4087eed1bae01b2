/**
 * Development-only routes for the demo cloud drive (registered when `buildApp({ devRoutes: true })`;
 * a production deployment leaves them off, and there the host hands the grant over itself).
 *   POST /v1/dev/cloudDrive/grant   { expiresInSeconds? } — grants the demo drive to the caller
 *   POST /v1/dev/cloudDrive/expire  — makes the caller's grant expire now
 *   POST /v1/dev/cloudDrive/revoke  — removes the caller's grant (not authorized again)
 *   POST /v1/dev/cloudDrive/signIn  — a provider that takes codes (Baidu, e.g. against its stand-in):
 *                                     follows its sign-in page and answers the code it redirects with
 * The fake host, for `baiduAuthorize`, asks `signIn` for a code and hands it to POST /v1/cloudDrive/authorize
 * like a real host; when the drive takes no codes (404, the demo drive) it calls `grant`.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { DEMO_PROVIDER_NAME } from '../cloud-drive/demo/demo-provider'
import { CLOUD_MSG } from '../cloud-drive/messages'
import type { CloudDriveProvider } from '../cloud-drive/provider'
import { currentUser } from '../http/auth'
import { ApiError, notFound, ok } from '../http/envelope'
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

/** How long the sign-in page may take to redirect. */
const SIGN_IN_TIMEOUT_MS = 10_000

export const cloudDriveDevRoutes: FastifyPluginAsync<{ db: Db; provider: CloudDriveProvider }> = async (app, { db, provider }) => {
  app.post(
    '/v1/dev/cloudDrive/signIn',
    { schema: { response: replies({ type: 'object', properties: { code: { type: 'string' } } }) } },
    async () => {
      if (!provider.signInUrl || !provider.authorize) throw notFound(CLOUD_MSG.noCodes)
      // The stand-in approves at once (302 to redirect_uri?code=…); Baidu's real page wants a person.
      const res = await fetch(provider.signInUrl, { redirect: 'manual', signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS) }).catch(() => null)
      const location = res?.headers.get('location')
      const code = location ? new URL(location, provider.signInUrl).searchParams.get('code') : null
      if (!code) throw new ApiError(502, '网盘登录页没有给出授权码（真实的百度网盘登录需要在App中完成）')
      return ok({ code })
    },
  )

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
