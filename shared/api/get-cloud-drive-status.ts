import type { CloudDriveStatus } from './cloud-drive-types'
import { defineGet } from './endpoint'

/** Whether the user's cloud drive is authorized, and its account name (`GET /v1/cloudDrive/status`). */
export const getCloudDriveStatus = defineGet<CloudDriveStatus>(() => ({ path: '/v1/cloudDrive/status' }))
