import { httpPost, type ApiResult } from '../http'
import type { CloudImportStart, CloudImportTarget } from './cloud-drive-types'

/**
 * Starts importing `fsIds` (files into an `albumId`, folders under a `parentId`) as a server job
 * (`POST /v1/cloudDrive/import`). A refusal imports nothing; `CAPACITY` (409) means not enough space.
 */
export function startCloudDriveImport(fsIds: string[], target: CloudImportTarget): Promise<ApiResult<CloudImportStart>> {
  return httpPost<CloudImportStart>('/v1/cloudDrive/import', { fsIds, ...target })
}
