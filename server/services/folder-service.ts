/**
 * The folder operations behind /v1/directory and /v1/bookCreation/*. Each one runs in a single
 * transaction, so a failed check leaves the data exactly as it was.
 */
import type { Db, Queryable } from '../db/db'
import { badRequest, notFound } from '../http/envelope'
import { listBookOptions, type BookOptionKind } from '../repositories/book-options-repository'
import { lockCapacity } from '../repositories/capacities-repository'
import { categoryExists } from '../repositories/categories-repository'
import * as folders from '../repositories/folders-repository'
import type { FolderFields, FolderRecord } from '../repositories/folders-repository'
import { attachCover, deleteBookFiles, releaseCovers } from '../repositories/uploads-repository'
import type { User } from '../repositories/users-repository'
import type { UploadStorage } from '../uploads/storage'
import { removeUploadFiles } from '../uploads/upload-files'
import { COVER_MSG, coverText, parseCoverUrl, uploadOfCover } from './cover-url'
import { checkFolderCount, checkFolderRoom } from './folder-limits'
import { checkNesting, cleanIntro, cleanLabels, cleanTitle, TAG_MAX, type ParentKind } from './folder-rules'
import { rootFolderView, toFolderView, type FolderView } from './folder-view'

/** The editable fields as a client sends them; any may be absent, and all but title null. */
export interface FolderInput {
  title?: string
  intro?: string | null
  imageUrl?: string | null
  rootId?: number | null
  ages?: string[] | null
  tags?: string[] | null
}

/** bookCreation/add body. */
export interface AddInput extends FolderInput {
  parentId: number
  type: number
  title: string
}

/** bookCreation/update body. */
export interface UpdateInput extends FolderInput {
  id: number
  parentId?: number
  type?: number
  status?: number
}

const MISSING = '该内容不存在或已被删除'
export const AGE_MAX = 10

/**
 * The cover `imageUrl` asks for, over the `current` one. The current address is kept as it is (a demo
 * cover, or one saved before these rules); a new upload must be the user's own picture, and is
 * attached (it counts against the capacity as long as a folder shows it).
 */
async function resolveCover(q: Queryable, userId: number, imageUrl: string | null, current: string): Promise<string> {
  if ((imageUrl ?? '').trim() === current) return current
  const cover = parseCoverUrl(imageUrl)
  if (cover.kind === 'upload') {
    const refusal = await attachCover(q, userId, cover.fileName)
    if (refusal) throw badRequest(refusal === 'missing' ? COVER_MSG.missing : COVER_MSG.notImage)
  }
  return coverText(cover)
}

/** Applies the provided fields of `input` over `base`, checking each. */
async function resolveFields(q: Queryable, userId: number, input: FolderInput, base: FolderFields): Promise<FolderFields> {
  const fields = { ...base }
  if (input.title !== undefined) fields.title = cleanTitle(input.title)
  if (input.intro !== undefined) fields.intro = cleanIntro(input.intro)
  if (input.imageUrl !== undefined) fields.imageUrl = await resolveCover(q, userId, input.imageUrl, base.imageUrl)
  const choices = async (kind: BookOptionKind, current: readonly string[]) => new Set([...(await listBookOptions(q, kind)), ...current])
  if (input.ages?.length) fields.ages = cleanLabels(input.ages, AGE_MAX, '年龄', await choices('age', base.ages))
  else if (input.ages !== undefined) fields.ages = []
  if (input.tags?.length) fields.tags = cleanLabels(input.tags, TAG_MAX, '标签', await choices('tag', base.tags))
  else if (input.tags !== undefined) fields.tags = []
  if (input.rootId !== undefined) {
    const id = input.rootId ?? 0
    if (id && !(await categoryExists(q, id))) throw badRequest('分类不存在')
    fields.categoryId = id
  }
  return fields
}

const fieldsOf = (f: FolderRecord): FolderFields => ({
  title: f.title,
  intro: f.intro,
  imageUrl: f.imageUrl,
  categoryId: f.categoryId,
  ages: f.ages,
  tags: f.tags,
})

/**
 * Locks, then reads, a folder of the user; null when it is absent or was deleted while waiting.
 * On PostgreSQL, requests really run at once: without the lock a concurrent delete could remove
 * the folder between the read and the write (a foreign-key error, or a reload of nothing: 500s).
 */
async function lockAndFind(q: Queryable, userId: number, id: number, lock: folders.FolderLock) {
  return (await folders.lockFolder(q, userId, id, lock)) ? folders.findFolder(q, userId, id) : null
}

async function reload(q: Queryable, userId: number, id: number): Promise<FolderView> {
  return toFolderView((await folders.findFolder(q, userId, id))!)
}

/** A folder with its children; id 0 is the user's root (see rootFolderView). */
export async function getDirectory(db: Db, user: User, id: number): Promise<FolderView> {
  if (id === 0) return rootFolderView(user.id, await folders.listChildren(db, user.id, 0))
  // The folder's own figures come from its children, listed anyway (the second statement).
  const folder = await folders.findFolderAlone(db, user.id, id)
  if (!folder) throw notFound('文件夹不存在')
  const children = await folders.listChildren(db, user.id, id, folder.type)
  return { ...toFolderView(folders.withFigures(folder, children)), items: children.map(toFolderView) }
}

/** Creates a book or folder at the end of its parent. A new item takes its parent's category by default. */
export function addFolder(db: Db, user: User, input: AddInput): Promise<FolderView> {
  return db.transaction(async (tx) => {
    let parentKind: ParentKind = 'root'
    let categoryId = 0
    if (input.parentId) {
      // Until COMMIT: a concurrent delete of the parent waits (or wins, and this add is a 404),
      // and adds into one folder queue, so each one's "end of the list" counts the others.
      const parent = await lockAndFind(tx, user.id, input.parentId, 'change')
      if (!parent) throw notFound('上级文件夹不存在')
      parentKind = parent.type as ParentKind
      categoryId = parent.categoryId
    }
    checkNesting(input.type, parentKind)
    if (input.type !== 0) {
      // Folders count against the user's total: concurrent adds of folders check one after the other.
      await lockCapacity(tx, user.id)
      await checkFolderCount(tx, user.id, 1)
    }
    await checkFolderRoom(tx, user.id, input.parentId, 1)
    const base: FolderFields = { title: '', intro: '', imageUrl: '', categoryId, ages: [], tags: [] }
    const fields = await resolveFields(tx, user.id, input, base)
    const id = await folders.insertFolder(tx, user.id, input.parentId, input.type, fields)
    await folders.touchFolder(tx, input.parentId)
    return reload(tx, user.id, id)
  })
}

/**
 * Edits the provided fields and/or the status. Type and parent cannot change here. A cover replaced
 * and shown nowhere else is deleted, row and file, from the storage.
 */
export async function updateFolder(db: Db, user: User, input: UpdateInput, storage: UploadStorage): Promise<FolderView> {
  const freed: string[] = []
  const view = await db.transaction(async (tx) => {
    const current = await lockAndFind(tx, user.id, input.id, 'change')
    if (!current) throw notFound(MISSING)
    if (input.type !== undefined && input.type !== current.type) throw badRequest('不能修改类型')
    if (input.parentId !== undefined && input.parentId !== current.parentId) {
      throw badRequest('不能通过编辑修改所在文件夹')
    }
    const touchesFields = (['title', 'intro', 'imageUrl', 'rootId', 'ages', 'tags'] as const).some((key) => input[key] !== undefined)
    if (touchesFields) {
      const fields = await resolveFields(tx, user.id, input, fieldsOf(current))
      await folders.updateFolderFields(tx, current.id, fields)
      const old = fields.imageUrl === current.imageUrl ? null : uploadOfCover(current.imageUrl)
      if (old) freed.push(...(await releaseCovers(tx, [old])))
    }
    if (input.status !== undefined) await folders.updateFolderStatus(tx, current.id, input.status)
    return reload(tx, user.id, current.id)
  })
  await removeUploadFiles(storage, freed)
  return view
}

/**
 * Deletes an item and everything inside it. Its files go with it, rows in the transaction and files
 * from the storage right after: the books' files, and the covers no other folder shows.
 */
export async function deleteFolder(db: Db, user: User, id: number, storage: UploadStorage): Promise<void> {
  if (id === 0) throw badRequest('不能删除根目录')
  const freed = await db.transaction(async (tx) => {
    const current = await lockAndFind(tx, user.id, id, 'delete')
    if (!current) throw notFound(MISSING)
    const subtree = await folders.listSubtree(tx, id)
    const bookFiles = await deleteBookFiles(
      tx,
      subtree.filter((f) => f.type === 0).map((f) => f.id),
    )
    await folders.deleteFolder(tx, id)
    await folders.touchFolder(tx, current.parentId)
    const covers = subtree.flatMap((f) => uploadOfCover(f.imageUrl) ?? [])
    return [...bookFiles, ...(await releaseCovers(tx, [...new Set(covers)]))]
  })
  await removeUploadFiles(storage, freed)
}

/** Reorders the children of `parentId`; `ids` must be exactly those children, each once. */
export function moveFolders(db: Db, user: User, parentId: number, ids: readonly number[]): Promise<void> {
  return db.transaction(async (tx) => {
    // `keep`, not `change`: a delete inside the folder must still be able to touch it meanwhile.
    if (parentId && !(await folders.lockFolder(tx, user.id, parentId, 'keep'))) throw notFound('文件夹不存在')
    if (new Set(ids).size !== ids.length) throw badRequest('排序列表中有重复的内容')
    const current = new Set(await folders.lockChildIds(tx, user.id, parentId))
    if (current.size !== ids.length || !ids.every((id) => current.has(id))) {
      throw badRequest('排序列表与当前内容不一致，请刷新后重试')
    }
    await folders.setPositions(tx, ids)
    await folders.touchFolder(tx, parentId)
  })
}
