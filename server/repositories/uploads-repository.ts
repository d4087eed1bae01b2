import type { Queryable } from '../db/db'

/** A stored upload. */
export interface NewUpload {
  userId: number
  fileName: string
  originalName: string
  mimeType: string
  sizeBytes: number
}

/** Records a file received from `userId`. */
export async function insertUpload(q: Queryable, upload: NewUpload): Promise<void> {
  await q.query(
    `INSERT INTO uploads (user_id, file_name, original_name, mime_type, size_bytes)
     VALUES ($1, $2, $3, $4, $5)`,
    [upload.userId, upload.fileName, upload.originalName, upload.mimeType, upload.sizeBytes],
  )
}

/** How many uploads `userId` has made (tests, diagnostics). */
export async function countUploads(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE user_id = $1', [userId])
  return row?.n ?? 0
}
