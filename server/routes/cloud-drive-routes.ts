import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { NO_DRIVE_NAME } from '../cloud-drive/baidu/baidu-provider'
import { asApiError, getStatus, listFiles, requireGrant } from '../cloud-drive/cloud-drive-service'
import { createImport, getImportJob, type ImportInput } from '../cloud-drive/import-service'
import type { ImportRunner } from '../cloud-drive/import-runner'
import { CLOUD_MSG } from '../cloud-drive/messages'
import { CloudDriveError, type CloudDriveProvider } from '../cloud-drive/provider'
import { currentUser } from '../http/auth'
import { ApiError, badRequest, ok } from '../http/envelope'
import { saveGrant } from '../repositories/cloud-grants-repository'
import { replies } from '../http/schemas'
import {
  authorizeBody,
  DEFAULT_LIMIT,
  filesData,
  filesQuery,
  importBody,
  importData,
  jobData,
  jobParams,
  MAX_LIMIT,
  statusData,
} from './cloud-drive-schemas'

export interface CloudDriveRoutesOptions {
  db: Db
  provider: CloudDriveProvider
  runner: ImportRunner
}

interface FilesQuery {
  dir: string
  suffix: string
  start?: string
  limit?: string
}

/** /v1/cloudDrive/* — the caller's cloud drive: status, listing, and imports as jobs. */
export const cloudDriveRoutes: FastifyPluginAsync<CloudDriveRoutesOptions> = async (app, { db, provider, runner }) => {
  // A production start without a drive configured (BAIDU_*): every call says so, none shows a demo drive.
  if (provider.name === NO_DRIVE_NAME) {
    app.addHook('preHandler', async (request) => {
      if (request.url.startsWith('/v1/cloudDrive/')) throw new ApiError(503, CLOUD_MSG.notConfigured)
    })
  }

  app.get('/v1/cloudDrive/status', { schema: { response: replies(statusData) } }, async (request) =>
    ok(await getStatus(db, provider, currentUser(request))),
  )

  // The host hands over the code of the drive's sign-in (baiduAuthorize); the pages never see a token.
  app.post<{ Body: { code: string } }>(
    '/v1/cloudDrive/authorize',
    { schema: { body: authorizeBody, response: replies(statusData) }, config: { clientLimit: 'cloudAuthorizations' } },
    async (request) => {
      if (!provider.authorize) throw new ApiError(404, CLOUD_MSG.noCodes)
      const user = currentUser(request)
      const granted = await provider.authorize(request.body.code).catch((error: unknown) => {
        if (error instanceof CloudDriveError && error.kind === 'auth-expired') throw badRequest(CLOUD_MSG.badCode)
        if (error instanceof CloudDriveError) request.log.warn({ err: error }, 'cloud drive: authorizing a code failed')
        throw asApiError(error)
      })
      await saveGrant(db, { ...granted, userId: user.id })
      return ok({ authorized: true, accountName: granted.accountName })
    },
  )

  app.get<{ Querystring: FilesQuery }>(
    '/v1/cloudDrive/files',
    { schema: { querystring: filesQuery, response: replies(filesData) } },
    async (request) => {
      const { dir, suffix, start = '0', limit = String(DEFAULT_LIMIT) } = request.query
      const pageSize = Number(limit)
      if (pageSize < 1 || pageSize > MAX_LIMIT) throw badRequest(`参数 limit 应在 1 到 ${MAX_LIMIT} 之间`)
      return ok(await listFiles(db, provider, currentUser(request), { dir, suffix, start: Number(start), limit: pageSize }))
    },
  )

  app.post<{ Body: ImportInput }>(
    '/v1/cloudDrive/import',
    { schema: { body: importBody, response: replies(importData) } },
    async (request) => {
      const jobId = await createImport(db, provider, currentUser(request), request.body, (tx, id) => runner.enqueue(tx, id))
      runner.nudge()
      return ok({ jobId })
    },
  )

  app.get<{ Params: { jobId: string } }>(
    '/v1/cloudDrive/import/:jobId',
    { schema: { params: jobParams, response: replies(jobData) } },
    async (request) => {
      const user = currentUser(request)
      await requireGrant(db, provider, user)
      return ok(await getImportJob(db, user, request.params.jobId))
    },
  )
}
