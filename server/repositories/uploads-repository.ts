import type { Queryable } from '../db/db'

/** A stored upload. */
export interface NewUpload {
  userId: number
  fileName: string
  originalName: string
  mimeType: string
  sizeBytes: number
  /** The book whose file this is (a cloud-drive import): the book counts it, and takes it along when deleted. */
  bookId?: number
}

/** Records a file received from `userId` (its write is over: see beginWrite). */
export async function insertUpload(q: Queryable, upload: NewUpload): Promise<void> {
  await q.query(
    `WITH written AS (DELETE FROM upload_writes WHERE upload_id = split_part($2, '.', 1))
     INSERT INTO uploads (user_id, file_name, original_name, mime_type, size_bytes, book_id, attached_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::int IS NOT NULL THEN now() END)`,
    [upload.userId, upload.fileName, upload.originalName, upload.mimeType, upload.sizeBytes, upload.bookId ?? null],
  )
}

/**
 * Records that the file of `uploadId` (its name without the extension) is about to be written, before its
 * first byte: the collector never deletes a file being written (nor one with a row in `uploads`), so with
 * several instances on one bucket no collector can delete a file another instance is writing, whatever
 * their clocks say.
 */
export async function beginWrite(q: Queryable, uploadId: string): Promise<void> {
  await q.query('INSERT INTO upload_writes (upload_id) VALUES ($1)', [uploadId])
}

/** The write of `uploadId` is over (the file has its `uploads` row, or was removed). */
export async function endWrite(q: Queryable, uploadId: string): Promise<void> {
  await q.query('DELETE FROM upload_writes WHERE upload_id = $1', [uploadId])
}

/**
 * Forgets the writes older than `maxAgeSeconds` (a writer that died; an upload takes at most 30 minutes)
 * and the ones whose file has its row (a writer that recorded it without ending the write).
 */
export async function deleteStaleWrites(q: Queryable, maxAgeSeconds: number): Promise<void> {
  await q.query(
    `DELETE FROM upload_writes w WHERE w.started_at < now() - make_interval(secs => $1)
       OR EXISTS (SELECT 1 FROM uploads u WHERE split_part(u.file_name, '.', 1) = w.upload_id)`,
    [maxAgeSeconds],
  )
}

/** How many uploads `userId` has made (tests, diagnostics). */
export async function countUploads(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE user_id = $1', [userId])
  return row?.n ?? 0
}

/** An upload's size as it counts against the capacity (uploads/capacity.ts `fileSizeMb`, in SQL). */
export const UPLOAD_SIZE_MB_SQL = 'greatest(0.01, ceil(size_bytes * 100 / 1048576.0) / 100)'

/**
 * The MB of `userId`'s stored uploads that no book counts: the ones not attached yet and the covers.
 * (A book's file counts as the book's `file_size_mb`.)
 */
export async function storedUploadsMb(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ mb: number }>(
    `SELECT coalesce(sum(${UPLOAD_SIZE_MB_SQL}), 0)::float8 AS mb FROM uploads WHERE user_id = $1 AND book_id IS NULL`,
    [userId],
  )
  return row?.mb ?? 0
}

/** Why an upload cannot be a cover. */
export type CoverRefusal = 'missing' | 'not-image'

/**
 * Attaches `userId`'s upload `fileName` as a cover, or says why it cannot be one (absent or
 * another user's: `missing`; a PDF or a book's file: `not-image`). The row stays locked until the
 * transaction ends, so a concurrent release (releaseCovers) cannot delete it meanwhile.
 */
export async function attachCover(q: Queryable, userId: number, fileName: string): Promise<CoverRefusal | null> {
  const [row] = await q.query<{ mimeType: string; bookId: number | null }>(
    'SELECT mime_type AS "mimeType", book_id AS "bookId" FROM uploads WHERE file_name = $1 AND user_id = $2 FOR UPDATE',
    [fileName, userId],
  )
  if (!row) return 'missing'
  if (row.bookId !== null || !row.mimeType.startsWith('image/')) return 'not-image'
  await q.query('UPDATE uploads SET attached_at = now() WHERE file_name = $1 AND attached_at IS NULL', [fileName])
  return null
}

/** No folder shows the upload `u` as its cover. */
const UNUSED_COVER = `u.book_id IS NULL AND u.attached_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM folders f WHERE f.image_url = '/uploads/' || u.file_name)`

/**
 * Deletes the rows of the covers among `fileNames` that no folder shows any more; returns their file
 * names (the caller removes the files once the transaction has committed). Locks the rows first, then
 * checks in a statement of its own: on PostgreSQL that statement's snapshot includes any folder that
 * an attaching transaction (attachCover holds the row) committed meanwhile.
 */
export async function releaseCovers(q: Queryable, fileNames: readonly string[]): Promise<string[]> {
  if (fileNames.length === 0) return []
  await q.query('SELECT id FROM uploads WHERE file_name = ANY($1) ORDER BY id FOR UPDATE', [fileNames])
  const rows = await q.query<{ fileName: string }>(
    `DELETE FROM uploads u WHERE u.file_name = ANY($1) AND ${UNUSED_COVER} RETURNING u.file_name AS "fileName"`,
    [fileNames],
  )
  return rows.map((row) => row.fileName)
}

/** Deletes the rows of the books' files (before the books go); returns their file names. */
export async function deleteBookFiles(q: Queryable, bookIds: readonly number[]): Promise<string[]> {
  if (bookIds.length === 0) return []
  const rows = await q.query<{ fileName: string }>('DELETE FROM uploads WHERE book_id = ANY($1) RETURNING file_name AS "fileName"', [
    bookIds,
  ])
  return rows.map((row) => row.fileName)
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

/** Deletes every cover no folder shows (the collector's sweep behind releaseCovers); returns the file names. */
export async function deleteUnusedCovers(q: Queryable): Promise<string[]> {
  const ids = await q.query<{ id: number }>(`SELECT u.id FROM uploads u WHERE ${UNUSED_COVER} ORDER BY u.id FOR UPDATE`)
  if (ids.length === 0) return []
  const rows = await q.query<{ fileName: string }>(
    `DELETE FROM uploads u WHERE u.id = ANY($1) AND ${UNUSED_COVER} RETURNING u.file_name AS "fileName"`,
    [ids.map((row) => row.id)],
  )
  return rows.map((row) => row.fileName)
}

/** Which of `fileNames` have a row, or are being written (upload_writes). */
export async function knownFileNames(q: Queryable, fileNames: readonly string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set()
  const rows = await q.query<{ fileName: string }>(
    `SELECT file_name AS "fileName" FROM uploads WHERE file_name = ANY($1)
     UNION SELECT n.name FROM unnest($1::text[]) AS n(name) JOIN upload_writes w ON w.upload_id = split_part(n.name, '.', 1)`,
    [fileNames],
  )
  return new Set(rows.map((row) => row.fileName))
}
