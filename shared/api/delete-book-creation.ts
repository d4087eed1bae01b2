import { httpPost, type ApiResult } from '../http'

/** Deletes folder `id` and everything under it (`POST /v1/bookCreation/delete`). */
export function deleteBookCreation(id: number): Promise<ApiResult<null>> {
  return httpPost<null>('/v1/bookCreation/delete', { id })
}
