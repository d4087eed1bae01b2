import type { CloudFileList, CloudFileQuery } from './cloud-drive-types'
import { defineGet } from './endpoint'

/** One page of the cloud-drive folder `query.dir`: folders, then files ending in `.{suffix}` (`GET /v1/cloudDrive/files`). */
export const getCloudDriveFiles = defineGet<CloudFileList, [CloudFileQuery]>(({ dir, suffix, start, limit }) => ({
  path: '/v1/cloudDrive/files',
  params: { dir, suffix, start, limit },
}))
