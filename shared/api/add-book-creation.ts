import { httpPost, type ApiResult } from '../http'
import type { BookCreationInput, Folder } from './types'

/** Creates a folder or picture book under `input.parentId` (`POST /v1/bookCreation/add`). */
export function addBookCreation(input: BookCreationInput): Promise<ApiResult<Folder>> {
  return httpPost<Folder>('/v1/bookCreation/add', input)
}
