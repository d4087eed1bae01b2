/**
 * Per-user limits (issue 17: one heavy user must not slow everyone). A folder (the root included)
 * holds at most ITEMS_PER_FOLDER items, counting the files a running cloud-drive import has still
 * to add into it; a user has at most FOLDERS_PER_USER folders (types 1 and 2; books are bounded
 * by the first limit and the capacity). A refusal is a 409 that writes nothing.
 */
import type { Queryable } from '../db/db'
import { conflict } from '../http/envelope'

/** A cloud-drive folder of 1,000 PDFs (the demo's `/绘本大全（1000本）`) must still import. */
export const ITEMS_PER_FOLDER = 1000
/** Far above the demo (a handful) and normal use (tens); 2,000 folders of 1,000 items. */
export const FOLDERS_PER_USER = 2000

export const LIMIT_MSG = {
  folderFull: (room: number) =>
    room > 0
      ? `每个文件夹最多存放 ${ITEMS_PER_FOLDER} 项，该文件夹还能放入 ${room} 项`
      : `该文件夹已满：每个文件夹最多存放 ${ITEMS_PER_FOLDER} 项`,
  tooManyFolders: (room: number) =>
    room > 0 ? `最多可建 ${FOLDERS_PER_USER} 个文件夹，还能新建 ${room} 个` : `文件夹数量已达上限：最多可建 ${FOLDERS_PER_USER} 个文件夹`,
}

/** Items in `parentId` (0 = the root) now and still to come from running imports. */
async function itemsIn(q: Queryable, userId: number, parentId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    parentId
      ? `SELECT (SELECT count(*) FROM folders WHERE parent_id = $2 AND user_id = $1)
           + (SELECT count(*) FROM cloud_import_items i JOIN cloud_import_jobs j ON j.id = i.job_id
              WHERE i.folder_id = $2 AND i.status = 'pending' AND j.status = 'running' AND j.user_id = $1) AS n`
      : 'SELECT count(*) AS n FROM folders WHERE user_id = $1 AND parent_id IS NULL',
    parentId ? [userId, parentId] : [userId],
  )
  return Number(row?.n ?? 0)
}

/** Refuses (409) adding `count` items into `parentId`. Call with the parent locked. */
export async function checkFolderRoom(q: Queryable, userId: number, parentId: number, count: number): Promise<void> {
  const room = Math.max(0, ITEMS_PER_FOLDER - (await itemsIn(q, userId, parentId)))
  if (count > room) throw conflict(LIMIT_MSG.folderFull(room))
}

/** Refuses (409) creating `count` more folders. Call with the user's capacity row locked. */
export async function checkFolderCount(q: Queryable, userId: number, count: number): Promise<void> {
  const [row] = await q.query<{ n: number }>('SELECT count(*) AS n FROM folders WHERE user_id = $1 AND type <> 0', [userId])
  const room = Math.max(0, FOLDERS_PER_USER - Number(row?.n ?? 0))
  if (count > room) throw conflict(LIMIT_MSG.tooManyFolders(room))
}
