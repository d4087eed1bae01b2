import { httpGet, type ApiResult } from '../http'
import type { Capacity } from './types'

/** The user's storage, total and used, in MB (`GET /v1/user/myCapacity`). */
export function getMyCapacity(): Promise<ApiResult<Capacity>> {
  return httpGet<Capacity>('/v1/user/myCapacity')
}
