import { httpGet, type ApiResult } from '../http'
import type { VipInfo } from './types'

/** The user's membership (`GET /v1/user/vipInfo`); the user-agent flags are only a first guess. */
export function getVipInfo(): Promise<ApiResult<VipInfo>> {
  return httpGet<VipInfo>('/v1/user/vipInfo')
}
