import { httpPost, type ApiResult } from '../http'
import type { BookCreationInput, Folder } from './types'

/** Changes the fields given of folder `input.id` (`POST /v1/bookCreation/update`). */
export function updateBookCreation(input: { id: number } & Partial<BookCreationInput>): Promise<ApiResult<Folder>> {
  return httpPost<Folder>('/v1/bookCreation/update', input)
}

/** Submits folder `id` (status 1) through the same call. */
export function submitBookCreation(id: number): Promise<ApiResult<Folder>> {
  return httpPost<Folder>('/v1/bookCreation/update', { id, status: 1 })
}
