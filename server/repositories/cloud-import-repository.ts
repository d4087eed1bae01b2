/** cloud_import_jobs and their cloud_import_items (one job is always read and written with its items). */
import type { Db, Queryable } from '../db/db'
import { roomSql } from './capacities-repository'

export type ImportMode = 'album' | 'parent'
export type JobStatus = 'running' | 'done' | 'failed'
export type ItemStatus = 'pending' | 'done' | 'failed'

export interface ImportJobRecord {
  id: string
  userId: number
  mode: ImportMode
  targetId: number
  status: JobStatus
  reason: string
  createdIds: number[]
}

export interface ImportItemRecord {
  position: number
  fsId: string
  name: string
  folderId: number
  sizeMb: number
  status: ItemStatus
  bookId: number | null
  msg: string
}

/** A new job's file. */
export interface NewImportItem {
  fsId: string
  name: string
  folderId: number
  sizeMb: number
}

const JOB_COLUMNS = `id, user_id AS "userId", mode, target_id AS "targetId", status, reason, created_ids AS "createdIds"`

/** Creates a running job with its files in order. */
export async function insertJob(
  q: Queryable,
  job: { id: string; userId: number; mode: ImportMode; targetId: number; createdIds: number[] },
  items: readonly NewImportItem[],
): Promise<void> {
  await q.query('INSERT INTO cloud_import_jobs (id, user_id, mode, target_id, created_ids) VALUES ($1, $2, $3, $4, $5)', [
    job.id,
    job.userId,
    job.mode,
    job.targetId,
    job.createdIds,
  ])
  if (items.length === 0) return
  await q.query(
    `INSERT INTO cloud_import_items (job_id, position, fs_id, name, folder_id, size_mb)
     SELECT $1, o.ord - 1, o.fs_id, o.name, o.folder_id, o.size_mb
     FROM unnest($2::text[], $3::text[], $4::int[], $5::float8[]) WITH ORDINALITY AS o(fs_id, name, folder_id, size_mb, ord)`,
    [job.id, items.map((i) => i.fsId), items.map((i) => i.name), items.map((i) => i.folderId), items.map((i) => i.sizeMb)],
  )
}

/** The job `id` of `userId` (another user's job looks absent), or null. */
export async function findJob(q: Queryable, userId: number, id: string): Promise<ImportJobRecord | null> {
  const [row] = await q.query<ImportJobRecord>(`SELECT ${JOB_COLUMNS} FROM cloud_import_jobs WHERE id = $1 AND user_id = $2`, [id, userId])
  return row ?? null
}

/** The job `id` while it is running, or null. */
export async function findRunningJob(q: Queryable, id: string): Promise<ImportJobRecord | null> {
  const [row] = await q.query<ImportJobRecord>(`SELECT ${JOB_COLUMNS} FROM cloud_import_jobs WHERE id = $1 AND status = 'running'`, [id])
  return row ?? null
}

/** How many imports are running, of every user. */
export async function countAllRunning(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM cloud_import_jobs WHERE status = 'running'`)
  return row!.n
}

/**
 * The running imports with no slice queued or under way in pg-boss's `queue` (a server from before
 * the queue left them, or one was lost with its queue row): they are queued again at start-up.
 * Reads pg-boss's own table (`pgboss.job`, by `name` and `singleton_key` = the import's id).
 */
export async function listRunningWithoutSlice(q: Queryable, queue: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT j.id FROM cloud_import_jobs j
     WHERE j.status = 'running' AND NOT EXISTS (
       SELECT 1 FROM pgboss.job s WHERE s.name = $1 AND s.singleton_key = j.id AND s.state < 'completed'
     ) ORDER BY j.created_at, j.id`,
    [queue],
  )
  return rows.map((r) => r.id)
}

/** How many imports of `userId` are running. */
export async function countRunningJobs(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM cloud_import_jobs WHERE status = 'running' AND user_id = $1`, [
    userId,
  ])
  return row!.n
}

/** The files of a job in order. */
export function listItems(q: Queryable, jobId: string): Promise<ImportItemRecord[]> {
  return q.query<ImportItemRecord>(
    `SELECT position, fs_id AS "fsId", name, folder_id AS "folderId", size_mb AS "sizeMb", status,
       book_id AS "bookId", msg
     FROM cloud_import_items WHERE job_id = $1 ORDER BY position`,
    [jobId],
  )
}

/** The files of a job still to import, in order. */
export function listPendingItems(q: Queryable, jobId: string): Promise<ImportItemRecord[]> {
  return q.query<ImportItemRecord>(
    `SELECT position, fs_id AS "fsId", name, folder_id AS "folderId", size_mb AS "sizeMb", status,
       book_id AS "bookId", msg
     FROM cloud_import_items WHERE job_id = $1 AND status = 'pending' ORDER BY position`,
    [jobId],
  )
}

/** Records the outcome of one file. */
export async function finishItem(
  q: Queryable,
  jobId: string,
  position: number,
  outcome: { status: 'done'; bookId: number } | { status: 'failed'; msg: string },
): Promise<void> {
  await q.query(
    `WITH item AS (
       UPDATE cloud_import_items SET status = $3, book_id = $4, msg = $5 WHERE job_id = $1 AND position = $2 AND status = 'pending'
     )
     UPDATE cloud_import_jobs SET updated_at = now() WHERE id = $1`,
    [jobId, position, outcome.status, outcome.status === 'done' ? outcome.bookId : null, outcome.status === 'failed' ? outcome.msg : ''],
  )
}

/** Fails every file of the job that is still pending, with `msg`. */
export async function failPendingItems(q: Queryable, jobId: string, msg: string): Promise<void> {
  await q.query(`UPDATE cloud_import_items SET status = 'failed', msg = $2 WHERE job_id = $1 AND status = 'pending'`, [jobId, msg])
}

/** Ends a running job. */
export async function finishJob(q: Queryable, jobId: string, status: 'done' | 'failed', reason = ''): Promise<void> {
  await q.query(`UPDATE cloud_import_jobs SET status = $2, reason = $3, updated_at = now() WHERE id = $1 AND status = 'running'`, [
    jobId,
    status,
    reason,
  ])
}

/** A file of a job, read and stored (uploads/), to become a picture book. */
export interface ImportedBook {
  userId: number
  jobId: string
  position: number
  /** The type 1 folder it goes into (the book takes its category). */
  folderId: number
  title: string
  /** What the job reserved for it (the listed size) and what its bytes count. */
  reservedMb: number
  sizeMb: number
  suffix: string
  fileName: string
  originalName: string
  mimeType: string
  sizeBytes: number
}

/**
 * Adds the book of an imported file with its upload row, stamps its folder and marks the file done —
 * when the file is still pending, the folder is still there and the book fits in the room left
 * (counting its own reservation) — in one transaction sent at once (Db.batch: the job's file holds
 * PGlite's one connection for one trip, issue 32 item 4): lock the file's item, the folder and the
 * capacity row, then everything else in one statement that starts once all three are held. The item's
 * lock makes the step idempotent: a second delivery of the same file (a slice taken again after an
 * expiry, on another instance) finds it done and writes nothing (issue 40 item 2). The file's write
 * (upload_writes, receiveUpload) ends with its row, in the same statement; when nothing was written the
 * caller abandons the file (abandonUpload). Returns the book's id, or why nothing was written.
 */
export async function insertImportedBook(db: Db, book: ImportedBook): Promise<number | 'already-done' | 'folder-gone' | 'no-room'> {
  const [pending, folder, , added] = await db.batch([
    {
      sql: `SELECT 1 FROM cloud_import_items WHERE job_id = $1 AND position = $2 AND status = 'pending' FOR UPDATE`,
      params: [book.jobId, book.position],
    },
    { sql: 'SELECT id FROM folders WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE', params: [book.folderId, book.userId] },
    { sql: 'SELECT user_id FROM capacities WHERE user_id = $1 FOR UPDATE', params: [book.userId] },
    {
      sql: `WITH room AS (
         SELECT ${roomSql('$1')} + $6::float8 AS mb FROM capacities c WHERE c.user_id = $1
       ), target AS (
         SELECT category_id FROM folders WHERE id = $2 AND user_id = $1
       ), book AS (
         INSERT INTO folders (user_id, parent_id, type, title, category_id, position, file_size_mb, file_suffix, file_url)
         SELECT $1, $2, 0, $5, target.category_id,
           (SELECT coalesce(max(position) + 1, 0) FROM folders WHERE user_id = $1 AND parent_id = $2),
           $7::float8, $8, '/uploads/' || $9
         FROM room, target WHERE round(room.mb::numeric, 2) >= $7::float8::numeric
           AND EXISTS (SELECT 1 FROM cloud_import_items WHERE job_id = $3 AND position = $4 AND status = 'pending')
         RETURNING id
       ), upload AS (
         INSERT INTO uploads (user_id, file_name, original_name, mime_type, size_bytes, book_id, attached_at)
         SELECT $1, $9, $10, $11, $12, book.id, now() FROM book
       ), written AS (
         DELETE FROM upload_writes WHERE upload_id = split_part($9, '.', 1) AND EXISTS (SELECT 1 FROM book)
       ), folder AS (
         UPDATE folders SET updated_at = now() WHERE id = $2 AND EXISTS (SELECT 1 FROM book)
       ), item AS (
         UPDATE cloud_import_items SET status = 'done', book_id = (SELECT id FROM book)
         WHERE job_id = $3 AND position = $4 AND status = 'pending' AND EXISTS (SELECT 1 FROM book)
       ), job AS (
         UPDATE cloud_import_jobs SET updated_at = now() WHERE id = $3 AND EXISTS (SELECT 1 FROM book)
       )
       SELECT id FROM book`,
      params: [
        book.userId,
        book.folderId,
        book.jobId,
        book.position,
        book.title,
        book.reservedMb,
        book.sizeMb,
        book.suffix,
        book.fileName,
        book.originalName,
        book.mimeType,
        book.sizeBytes,
      ],
    },
  ])
  if (pending!.length === 0) return 'already-done'
  if (folder!.length === 0) return 'folder-gone'
  const id = added![0]?.id
  return typeof id === 'number' ? id : 'no-room'
}
