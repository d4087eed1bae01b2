import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { getStatus, listFiles, requireGrant } from '../cloud-drive/cloud-drive-service'
import { createImport, getImportJob, type ImportInput } from '../cloud-drive/import-service'
import type { ImportRunner } from '../cloud-drive/import-runner'
import type { CloudDriveProvider } from '../cloud-drive/provider'
import { currentUser } from '../http/auth'
import { badRequest, ok } from '../http/envelope'
import { replies } from '../http/schemas'
import {
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
  app.get('/v1/cloudDrive/status', { schema: { response: replies(statusData) } }, async (request) =>
    ok(await getStatus(db, currentUser(request))),
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
      await requireGrant(db, user)
      return ok(await getImportJob(db, user, request.params.jobId))
    },
  )
}
