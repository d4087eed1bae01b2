import { httpGet, type ApiResult } from '../http'
import type { ShareData } from './types'

/** The shared work behind share code `r` (`GET /v1/share/uar`; the one call that needs no token). */
export function getShare(r: string): Promise<ApiResult<ShareData>> {
  return httpGet<ShareData>('/v1/share/uar', { r })
}
