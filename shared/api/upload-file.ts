import { httpUpload, type ApiResult } from '../http'
import type { UploadResult } from './types'

/**
 * Uploads one image (≤ 10 MB) or PDF (≤ 200 MB) as multipart field `file` (`POST /v1/upload`).
 * @param onProgress called with the uploaded fraction (0–1).
 */
export function uploadFile(file: Blob, filename?: string, onProgress?: (fraction: number) => void): Promise<ApiResult<UploadResult>> {
  const form = new FormData()
  if (filename === undefined) form.append('file', file)
  else form.append('file', file, filename)
  return httpUpload<UploadResult>('/v1/upload', form, onProgress)
}
