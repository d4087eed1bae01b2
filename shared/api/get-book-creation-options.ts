import { httpGet, type ApiResult } from '../http'
import type { BookCreationOptions } from './types'

/** The categories, ages and tags the create form offers (`GET /v1/bookCreation/options`). */
export function getBookCreationOptions(): Promise<ApiResult<BookCreationOptions>> {
  return httpGet<BookCreationOptions>('/v1/bookCreation/options')
}
