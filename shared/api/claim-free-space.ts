import { httpPost, type ApiResult } from '../http'
import type { FreeSpaceGrant } from './types'

/**
 * Claims the VIP free-space gift (`POST /v1/activity/vipGetFreeSpace`). Fails with `CONFLICT` on a
 * second claim and `FORBIDDEN` for a non-VIP user; `msg` carries the server's words for both.
 */
export function claimFreeSpace(): Promise<ApiResult<FreeSpaceGrant>> {
  return httpPost<FreeSpaceGrant>('/v1/activity/vipGetFreeSpace', {})
}
