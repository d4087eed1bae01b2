import type { Queryable } from '../db/db'

/** A stored upload. */
export interface NewUpload {
  userId: number
  fileName: string
  originalName: string
  mimeType: string
  sizeBytes: number
  /** Already in use (a cloud-drive import's book file); else it counts until attached. */
  attached?: boolean
}

/** Records a file received from `userId`. */
export async function insertUpload(q: Queryable, upload: NewUpload): Promise<void> {
  await q.query(
    `INSERT INTO uploads (user_id, file_name, original_name, mime_type, size_bytes, attached_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)`,
    [upload.userId, upload.fileName, upload.originalName, upload.mimeType, upload.sizeBytes, upload.attached ?? false],
  )
}

/** How many uploads `userId` has made (tests, diagnostics). */
export async function countUploads(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE user_id = $1', [userId])
  return row?.n ?? 0
}

/** The MB of `userId`'s unattached uploads, each rounded as `POST /v1/upload` reports it. */
export async function unattachedUploadsMb(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ mb: number }>(
    `SELECT coalesce(sum(greatest(0.01, round(size_bytes / 1048576.0, 2))), 0)::float8 AS mb
     FROM uploads WHERE user_id = $1 AND attached_at IS NULL`,
    [userId],
  )
  return row?.mb ?? 0
}

/** Marks `userId`'s upload behind `url` (`…/uploads/<file>`) as attached; other URLs are ignored. */
export async function attachUpload(q: Queryable, userId: number, url: string): Promise<void> {
  const fileName = /\/uploads\/([0-9a-f]{32}\.[a-z]+)$/.exec(url)?.[1]
  if (!fileName) return
  await q.query('UPDATE uploads SET attached_at = now() WHERE file_name = $1 AND user_id = $2 AND attached_at IS NULL', [fileName, userId])
}

/** Deletes the unattached uploads older than `maxAgeSeconds`; returns their file names. */
export async function deleteStaleUploads(q: Queryable, maxAgeSeconds: number): Promise<string[]> {
  const rows = await q.query<{ fileName: string }>(
    `DELETE FROM uploads WHERE attached_at IS NULL AND created_at < now() - make_interval(secs => $1)
     RETURNING file_name AS "fileName"`,
    [maxAgeSeconds],
  )
  return rows.map((row) => row.fileName)
}
