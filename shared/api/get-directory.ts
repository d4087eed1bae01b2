import { httpGet, type ApiResult } from '../http'
import type { Folder } from './types'

/** Folder `id` with its children in `items`; `0` is the user's root (`GET /v1/directory/{id}`). */
export function getDirectory(id: number): Promise<ApiResult<Folder>> {
  return httpGet<Folder>(`/v1/directory/${encodeURIComponent(String(id))}`)
}
