/** cloud_import_jobs and their cloud_import_items (one job is always read and written with its items). */
import type { Queryable } from '../db/db'

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

/** Every running job of every user, oldest first (resumed at start-up). */
export function listRunningJobs(q: Queryable): Promise<ImportJobRecord[]> {
  return q.query<ImportJobRecord>(`SELECT ${JOB_COLUMNS} FROM cloud_import_jobs WHERE status = 'running' ORDER BY created_at, id`)
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

/** Records the outcome of one file. */
export async function finishItem(
  q: Queryable,
  jobId: string,
  position: number,
  outcome: { status: 'done'; bookId: number } | { status: 'failed'; msg: string },
): Promise<void> {
  await q.query(
    `UPDATE cloud_import_items SET status = $3, book_id = $4, msg = $5 WHERE job_id = $1 AND position = $2 AND status = 'pending'`,
    [jobId, position, outcome.status, outcome.status === 'done' ? outcome.bookId : null, outcome.status === 'failed' ? outcome.msg : ''],
  )
  await q.query('UPDATE cloud_import_jobs SET updated_at = now() WHERE id = $1', [jobId])
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

/** MB the user's running jobs will still add (their pending files): reserved against the capacity. */
export async function pendingImportMb(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ mb: number }>(
    `SELECT coalesce(sum(i.size_mb), 0)::float8 AS mb FROM cloud_import_items i
     JOIN cloud_import_jobs j ON j.id = i.job_id
     WHERE j.user_id = $1 AND j.status = 'running' AND i.status = 'pending'`,
    [userId],
  )
  return row?.mb ?? 0
}
