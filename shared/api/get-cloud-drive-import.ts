import { httpGet, type ApiResult } from '../http'
import type { CloudImportJob } from './cloud-drive-types'

/** The progress of import job `jobId` (`GET /v1/cloudDrive/import/{jobId}`). */
export function getCloudDriveImport(jobId: string): Promise<ApiResult<CloudImportJob>> {
  return httpGet<CloudImportJob>(`/v1/cloudDrive/import/${encodeURIComponent(jobId)}`)
}
