import type { CloudImportJob } from './cloud-drive-types'
import { defineGet } from './endpoint'

/** The progress of import job `jobId` (`GET /v1/cloudDrive/import/{jobId}`). */
export const getCloudDriveImport = defineGet<CloudImportJob, [string]>((jobId) => ({
  path: `/v1/cloudDrive/import/${encodeURIComponent(jobId)}`,
}))
