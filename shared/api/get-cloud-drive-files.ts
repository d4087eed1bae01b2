import { httpGet, type ApiResult } from '../http'
import type { CloudFileList, CloudFileQuery } from './cloud-drive-types'

/** One page of the cloud-drive folder `query.dir`: folders, then files ending in `.{suffix}` (`GET /v1/cloudDrive/files`). */
export function getCloudDriveFiles(query: CloudFileQuery): Promise<ApiResult<CloudFileList>> {
  return httpGet<CloudFileList>('/v1/cloudDrive/files', { ...query })
}
