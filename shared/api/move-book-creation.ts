import { httpPost, type ApiResult } from '../http'

/**
 * Saves the order of `parentId`'s children (`POST /v1/bookCreation/move`).
 * @param ids every child id of `parentId`, in the new order.
 */
export function moveBookCreation(parentId: number, ids: number[]): Promise<ApiResult<null>> {
  return httpPost<null>('/v1/bookCreation/move', { parentId, ids })
}
