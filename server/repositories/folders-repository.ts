import { insertRows, upsertOn } from '../db/bulk'
import type { Queryable } from '../db/db'

/** A picture book (type 0) or folder (1, 2) with the figures derived from its neighbours. */
export interface FolderRecord {
  id: number
  userId: number
  /** 0 = the user's root. */
  parentId: number
  /** The parent's type; 0 at the root. */
  parentType: number
  type: number
  title: string
  intro: string
  imageUrl: string
  /** 0 = no category. */
  categoryId: number
  categoryName: string
  ages: string[]
  tags: string[]
  status: number
  position: number
  /** Own size for a book, the sum of everything inside for a folder. */
  subtreeMb: number
  quizCnt: number
  fileSuffix: string
  childCnt: number
  updatedAt: Date
}

/** The editable columns of a folder. */
export interface FolderFields {
  title: string
  intro: string
  imageUrl: string
  categoryId: number
  ages: string[]
  tags: string[]
}

/** The columns of a FolderRecord but its figures (childCnt, subtreeMb), from `f` with its parent `p` and category `c`. */
const COLUMNS = `f.id, f.user_id AS "userId", coalesce(f.parent_id, 0) AS "parentId",
    coalesce(p.type, 0)::int AS "parentType", f.type::int AS type, f.title, f.intro,
    f.image_url AS "imageUrl", coalesce(f.category_id, 0) AS "categoryId",
    coalesce(c.name, '') AS "categoryName", f.ages, f.tags, f.status::int AS status, f.position,
    f.quiz_cnt AS "quizCnt", f.file_suffix AS "fileSuffix", f.updated_at AS "updatedAt"`

/**
 * The folders matching `where` (on `f`, the folders table) with their derived figures, in one
 * statement whatever their number. The nesting rules (services/folder-rules.ts) keep everything
 * at most two levels below a folder (type 2 → type 1 → book), so the child counts and subtree
 * sizes of all of them come from two grouped joins through `folders_parent_id_idx` instead of a
 * scan of the table (or a recursive walk) per folder.
 */
const selectWhere = (where: string, orderBy = '') => `
  WITH base AS (
    SELECT * FROM folders f WHERE ${where}
  ), kids AS (
    SELECT k.parent_id AS root, count(*) AS n, sum(k.file_size_mb) AS mb
    FROM folders k WHERE k.parent_id IN (SELECT id FROM base WHERE type <> 0) GROUP BY k.parent_id
  ), grandkids AS (
    SELECT k.parent_id AS root, sum(g.file_size_mb) AS mb
    FROM folders k JOIN folders g ON g.parent_id = k.id
    WHERE k.parent_id IN (SELECT id FROM base WHERE type = 2) GROUP BY k.parent_id
  )
  SELECT ${COLUMNS},
    (f.file_size_mb + coalesce(kids.mb, 0) + coalesce(grandkids.mb, 0))::float8 AS "subtreeMb",
    coalesce(kids.n, 0)::int AS "childCnt"
  FROM base f
  LEFT JOIN kids ON kids.root = f.id
  LEFT JOIN grandkids ON grandkids.root = f.id
  LEFT JOIN folders p ON p.id = f.parent_id
  LEFT JOIN categories c ON c.id = f.category_id
  ${orderBy}`

/**
 * Books (which hold nothing) matching `where`: their figures are their own (no children, their file's
 * size), so no grouped joins. Also a folder read on its own, whose figures the caller takes from its
 * children (`withFigures`).
 */
const selectPlain = (where: string) => `
  SELECT ${COLUMNS}, f.file_size_mb::float8 AS "subtreeMb", 0 AS "childCnt"
  FROM folders f
  LEFT JOIN folders p ON p.id = f.parent_id
  LEFT JOIN categories c ON c.id = f.category_id
  WHERE ${where}`

/** `parent_id` of the children of `parentId` (0 = root): `IS NOT DISTINCT FROM` cannot use an index. */
const parentIs = (parentId: number, param: string) => (parentId ? `parent_id = ${param}` : 'parent_id IS NULL')

/** The folder `id` if `userId` owns it, else null (another user's folder looks absent). */
export async function findFolder(q: Queryable, userId: number, id: number): Promise<FolderRecord | null> {
  const [row] = await q.query<FolderRecord>(selectWhere('f.id = $1 AND f.user_id = $2'), [id, userId])
  return row ?? null
}

/**
 * The folder `id` of `userId` without its figures (childCnt 0, subtreeMb its own file's size), or
 * null: for a caller that lists its children anyway (`withFigures`) or needs none. With 1,000
 * children the figures cost as much as listing them.
 */
export async function findFolderAlone(q: Queryable, userId: number, id: number): Promise<FolderRecord | null> {
  const [row] = await q.query<FolderRecord>(selectPlain('f.id = $1 AND f.user_id = $2'), [id, userId])
  return row ?? null
}

/** `folder` with the figures its `children` (all of them, with theirs) add up to. */
export const withFigures = (folder: FolderRecord, children: readonly FolderRecord[]): FolderRecord => ({
  ...folder,
  childCnt: children.length,
  subtreeMb: children.reduce((sum, c) => sum + c.subtreeMb, folder.subtreeMb),
})

/**
 * How a transaction holds a folder row until it ends (PostgreSQL row locks; PGlite runs one
 * transaction at a time anyway): `keep` stops others deleting it; `change` also stops others
 * changing it (so changes to one folder, like adds into it, queue up); `delete` stops everything.
 */
export type FolderLock = 'keep' | 'change' | 'delete'

const LOCK_CLAUSE: Record<FolderLock, string> = {
  keep: 'FOR KEY SHARE',
  change: 'FOR NO KEY UPDATE',
  delete: 'FOR UPDATE',
}

/**
 * Locks the folder `id` of `userId` and tells whether it exists. Waits for a transaction that is
 * changing or deleting it; a folder deleted meanwhile counts as absent. Read it afterwards with
 * findFolder, whose snapshot then includes what that transaction did.
 */
export async function lockFolder(q: Queryable, userId: number, id: number, lock: FolderLock): Promise<boolean> {
  const rows = await q.query(`SELECT id FROM folders WHERE id = $1 AND user_id = $2 ${LOCK_CLAUSE[lock]}`, [id, userId])
  return rows.length === 1
}

/**
 * The children of `parentId` (0 = root) in their saved order; `parentType` 1 (when the caller knows
 * it) lists books the cheap way. They come back as one JSON text: PGlite
 * decodes each value of each row in JavaScript, and a folder of 1,000 books took ~100 ms of its one
 * thread that way against ~20 ms as JSON (issue 32 item 4); node-postgres gains too.
 */
export async function listChildren(q: Queryable, userId: number, parentId: number, parentType?: number): Promise<FolderRecord[]> {
  const where = parentId ? 'f.user_id = $1 AND f.parent_id = $2' : 'f.user_id = $1 AND f.parent_id IS NULL'
  // A type 1 folder holds only books: their figures need no grouped joins.
  const select = parentType === 1 ? selectPlain(where) : selectWhere(where)
  const [row] = await q.query<{ rows: string }>(
    `SELECT coalesce(json_agg(l ORDER BY l.position, l.id), '[]')::text AS rows FROM (${select}) l`,
    parentId ? [userId, parentId] : [userId],
  )
  return (JSON.parse(row!.rows) as (Omit<FolderRecord, 'updatedAt'> & { updatedAt: string })[]).map((f) => ({
    ...f,
    updatedAt: new Date(f.updatedAt),
  }))
}

/**
 * The ids of the children of `parentId`, locking them until the transaction ends. Locked in id
 * order, which never changes: in position order, a move that committed meanwhile would make
 * concurrent movers lock the same rows in different orders and deadlock.
 */
export async function lockChildIds(q: Queryable, userId: number, parentId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM folders WHERE user_id = $1 AND ${parentIs(parentId, '$2')} ORDER BY id FOR UPDATE`,
    parentId ? [userId, parentId] : [userId],
  )
  return rows.map((row) => row.id)
}

/** Creates a folder at the end of its parent's list and returns its id. */
export async function insertFolder(q: Queryable, userId: number, parentId: number, type: number, fields: FolderFields): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO folders (user_id, parent_id, type, title, intro, image_url, category_id, ages, tags, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
       (SELECT coalesce(max(position) + 1, 0) FROM folders
        WHERE user_id = $1 AND ${parentIs(parentId, '$2')}))
     RETURNING id`,
    [userId, parentId || null, type, fields.title, fields.intro, fields.imageUrl, fields.categoryId || null, fields.ages, fields.tags],
  )
  return row!.id
}

/** Saves the editable fields and stamps the update time. */
export async function updateFolderFields(q: Queryable, id: number, fields: FolderFields): Promise<void> {
  await q.query(
    `UPDATE folders SET title = $2, intro = $3, image_url = $4, category_id = $5, ages = $6, tags = $7,
       updated_at = now()
     WHERE id = $1`,
    [id, fields.title, fields.intro, fields.imageUrl, fields.categoryId || null, fields.ages, fields.tags],
  )
}

/** Sets the status (0 draft, 1 submitted) and stamps the update time. */
export async function updateFolderStatus(q: Queryable, id: number, status: number): Promise<void> {
  await q.query('UPDATE folders SET status = $2, updated_at = now() WHERE id = $1', [id, status])
}

/** Stamps the update time of a folder whose contents changed (no-op for the root, 0). */
export async function touchFolder(q: Queryable, id: number): Promise<void> {
  if (id) await q.query('UPDATE folders SET updated_at = now() WHERE id = $1', [id])
}

/** What deleting a folder takes along: its own row and everything inside it. */
export interface SubtreeItem {
  id: number
  type: number
  imageUrl: string
}

/** The folder `id` and everything inside it (at most two levels below it: services/folder-rules.ts). */
export function listSubtree(q: Queryable, id: number): Promise<SubtreeItem[]> {
  return q.query<SubtreeItem>(
    `SELECT id, type::int AS type, image_url AS "imageUrl" FROM folders WHERE id = $1
     UNION ALL SELECT id, type::int, image_url FROM folders WHERE parent_id = $1
     UNION ALL SELECT g.id, g.type::int, g.image_url FROM folders k JOIN folders g ON g.parent_id = k.id WHERE k.parent_id = $1`,
    [id],
  )
}

/** Deletes a folder; the foreign key removes everything inside it. */
export async function deleteFolder(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM folders WHERE id = $1', [id])
}

/** Gives each id its index in `ids` as position. */
export async function setPositions(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.query(
    `UPDATE folders f SET position = o.ord - 1
     FROM unnest($1::int[]) WITH ORDINALITY AS o(id, ord) WHERE f.id = o.id`,
    [ids],
  )
}

/** The size of all of the user's files in MB. */
export async function sumFileSizesMb(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ used: number }>('SELECT coalesce(sum(file_size_mb), 0)::float8 AS used FROM folders WHERE user_id = $1', [
    userId,
  ])
  return row?.used ?? 0
}
/** A folder with every column fixed, as the demo seed writes it. */
export interface SeedFolder {
  id: number
  userId: number
  parentId: number
  type: number
  title: string
  intro: string
  imageUrl: string
  categoryId: number
  ages: string[]
  tags: string[]
  status: number
  position: number
  fileSizeMb: number
  quizCnt: number
  fileSuffix: string
  /** ISO date-time with offset. */
  updatedAt: string
}

/** Inserts folders with their fixed ids, or restores every column of existing ones (seed). */
export async function upsertSeedFolders(q: Queryable, folders: readonly SeedFolder[]): Promise<void> {
  const rows = folders.map((f) => ({
    id: f.id,
    user_id: f.userId,
    parent_id: f.parentId || null,
    type: f.type,
    title: f.title,
    intro: f.intro,
    image_url: f.imageUrl,
    category_id: f.categoryId || null,
    ages: f.ages,
    tags: f.tags,
    status: f.status,
    position: f.position,
    file_size_mb: f.fileSizeMb,
    quiz_cnt: f.quizCnt,
    file_suffix: f.fileSuffix,
    updated_at: f.updatedAt,
  }))
  await insertRows(q, 'folders', rows, upsertOn('id', rows[0] ?? {}))
}
