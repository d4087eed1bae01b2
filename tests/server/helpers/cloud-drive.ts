/** Helpers of the cloud-drive server tests. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { demoFsIdOf } from '../../../server/cloud-drive/demo/demo-provider'
import type { CloudFileView } from '../../../server/cloud-drive/cloud-drive-service'
import type { ImportJobView } from '../../../server/cloud-drive/import-service'
import { DEMO_USERS } from '../../../server/seed/demo'
import { envelope, VIP } from './test-app'

export const AUTH_EXPIRED = { result: 'CLOUD_AUTH_EXPIRED', data: null, msg: '百度网盘授权已过期，请重新授权' }

/** The fsId of a demo-drive path in the VIP user's (or `userId`'s) drive. */
export const fsId = (path: string, userId: number = DEMO_USERS.vip.id) => demoFsIdOf(userId, path)

/** The bytes of a demo-drive blob as the seed wrote them under `dataDir`. */
export const blobBytes = (dataDir: string, blob: string) => readFileSync(join(dataDir, 'cloud-drive-demo', 'blobs', blob))

type Injector = Pick<FastifyInstance, 'inject'>

const call = (app: Injector, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

/** Grants the demo drive to the user of `headers` through the development route. */
export async function grant(app: Injector, headers: Record<string, string> = VIP, body: object = {}): Promise<void> {
  const res = await call(app, 'POST', '/v1/dev/cloudDrive/grant', headers, body)
  expect(res.statusCode).toBe(200)
}

/** GET /v1/cloudDrive/files with a query. */
export const files = (app: Injector, query: Record<string, string | number>, headers: Record<string, string> = VIP) =>
  call(app, 'GET', `/v1/cloudDrive/files?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers)

/** The listing of a successful files call. */
export const listing = (res: LightMyRequestResponse) =>
  envelope<{ dir: string; parent: string | null; items: CloudFileView[]; hasMore: boolean }>(res).data

/** POST /v1/cloudDrive/import. */
export const startImport = (app: Injector, body: unknown, headers: Record<string, string> = VIP) =>
  call(app, 'POST', '/v1/cloudDrive/import', headers, body)

/** GET /v1/cloudDrive/import/{jobId}. */
export const jobReply = (app: Injector, jobId: string, headers: Record<string, string> = VIP) =>
  call(app, 'GET', `/v1/cloudDrive/import/${jobId}`, headers)

/** Starts an import that must be accepted, waits for the job to end, returns it. */
export async function importAndWait(app: FastifyInstance, body: unknown, headers: Record<string, string> = VIP): Promise<ImportJobView> {
  const res = await startImport(app, body, headers)
  expect(res.json()).toMatchObject({ result: 'SUCCESS' })
  const { jobId } = envelope<{ jobId: string }>(res).data
  await app.importRunner.idle()
  return envelope<ImportJobView>(await jobReply(app, jobId, headers)).data
}
