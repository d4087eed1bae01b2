import { httpGet, type ApiResult } from '../http'
import type { CloudDriveStatus } from './cloud-drive-types'

/** Whether the user's cloud drive is authorized, and its account name (`GET /v1/cloudDrive/status`). */
export function getCloudDriveStatus(): Promise<ApiResult<CloudDriveStatus>> {
  return httpGet<CloudDriveStatus>('/v1/cloudDrive/status')
}
