/**
 * POST /v1/cloudDrive/import and its job: every check and the plan of an import, made before
 * anything is written, then the job (run by import-runner.ts) and its state for the poll.
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/db'
import { ApiError, badRequest, conflict, notFound } from '../http/envelope'
import { countCharacters, roundMb } from '../http/text'
import { lockRoomMb } from '../repositories/capacities-repository'
import * as jobs from '../repositories/cloud-import-repository'
import { findFolder, insertFolder, lockFolder, touchFolder } from '../repositories/folders-repository'
import type { User } from '../repositories/users-repository'
import { checkFolderCount, checkFolderRoom, ITEMS_PER_FOLDER, LIMIT_MSG } from '../services/folder-limits'
import { checkNesting, TITLE_MAX } from '../services/folder-rules'
import { fileSizeMb } from '../uploads/capacity'
import { asApiError, BOOK_SUFFIX, MAX_RUNNING_IMPORTS, requireGrant } from './cloud-drive-service'
import { CLOUD_MSG } from './messages'
import { CloudDriveError, hasSuffix, type CloudDriveProvider, type CloudEntry, type CloudGrant } from './provider'

/** Page size used to read a whole folder from the provider. */
const FOLDER_PAGE = 1000

/** Contract ImportJob. */
export interface ImportJobView {
  status: jobs.JobStatus
  done: number
  total: number
  createdIds: number[]
  failed: { name: string; msg: string }[]
}

/** At most `max` user-perceived characters of `text`. */
function clip(text: string, max: number): string {
  if (countCharacters(text) <= max) return text
  const segments = Array.from(new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text), (s) => s.segment)
  return segments.slice(0, max).join('').trim()
}

/** A picture book's title: the file name without its suffix, within the title limit. */
export function bookTitle(fileName: string): string {
  const bare = fileName.slice(0, fileName.length - BOOK_SUFFIX.length - 1).trim()
  return clip(bare, TITLE_MAX) || '未命名绘本'
}

/** A folder's title: the cloud folder's name within the title limit. */
export const folderTitle = (name: string) => clip(name.trim(), TITLE_MAX) || '未命名文件夹'

/** POST /v1/cloudDrive/import body. */
export interface ImportInput {
  fsIds: string[]
  albumId?: number
  parentId?: number
}

/** One group of files going into one type 1 folder (existing, or to be created for a cloud folder). */
interface PlannedGroup {
  /** The cloud folder a `parent` import creates a folder for; null for `album`. */
  folderName: string | null
  files: CloudEntry[]
}

/** Checks the target (404 foreign or absent, 400 wrong kind); returns the parent's category. */
async function checkTarget(q: Queryable, user: User, mode: jobs.ImportMode, id: number, lock: boolean) {
  if (mode === 'parent' && id === 0) return { categoryId: 0 }
  if (lock && !(await lockFolder(q, user.id, id, 'change'))) {
    throw notFound(mode === 'album' ? CLOUD_MSG.albumMissing : CLOUD_MSG.parentMissing)
  }
  const folder = await findFolder(q, user.id, id)
  if (!folder) throw notFound(mode === 'album' ? CLOUD_MSG.albumMissing : CLOUD_MSG.parentMissing)
  checkNesting(mode === 'album' ? 0 : 1, folder.type as 0 | 1 | 2)
  return { categoryId: folder.categoryId }
}

/** Reads every matching file directly inside the cloud folder `entry` (subfolders are not imported). */
async function filesIn(provider: CloudDriveProvider, grant: CloudGrant, entry: CloudEntry): Promise<CloudEntry[]> {
  const files: CloudEntry[] = []
  for (let start = 0; ; start += FOLDER_PAGE) {
    const page = await provider.list(grant, entry.path, { suffix: BOOK_SUFFIX, start, limit: FOLDER_PAGE })
    files.push(...page.entries.filter((e) => !e.isDir))
    if (!page.hasMore) return files
  }
}

/** Resolves the fsIds into groups of files, refusing a missing id or one of the wrong kind. */
async function plan(
  provider: CloudDriveProvider,
  grant: CloudGrant,
  mode: jobs.ImportMode,
  fsIds: readonly string[],
): Promise<PlannedGroup[]> {
  const found = await provider.stat(grant, fsIds)
  const entries = fsIds.map((fsId) => {
    const entry = found.get(fsId)
    if (!entry) throw badRequest(CLOUD_MSG.fileMissing)
    return entry
  })
  if (mode === 'album') {
    for (const entry of entries) {
      if (entry.isDir) throw badRequest(CLOUD_MSG.notAFile)
      if (!hasSuffix(entry.name, BOOK_SUFFIX)) throw badRequest(CLOUD_MSG.notPdf)
    }
    return [{ folderName: null, files: entries }]
  }
  if (entries.some((entry) => !entry.isDir)) throw badRequest(CLOUD_MSG.notAFolder)
  const groups: PlannedGroup[] = []
  for (const entry of entries) groups.push({ folderName: entry.name, files: await filesIn(provider, grant, entry) })
  return groups
}

/**
 * POST /v1/cloudDrive/import: checks everything, then in one transaction re-checks the target and
 * the capacity, creates the folders of a `parent` import and the job with its files, and queues its
 * first slice (`enqueue`, in the same transaction: an import is never left without its job, nor a job
 * without its import). Returns the job id.
 */
export async function createImport(
  db: Db,
  provider: CloudDriveProvider,
  user: User,
  input: ImportInput,
  enqueue: (tx: Queryable, jobId: string) => Promise<void>,
): Promise<string> {
  if ((input.albumId === undefined) === (input.parentId === undefined)) throw badRequest(CLOUD_MSG.oneTarget)
  if (new Set(input.fsIds).size !== input.fsIds.length) throw badRequest('参数 fsIds 不能包含重复项')
  const mode: jobs.ImportMode = input.albumId !== undefined ? 'album' : 'parent'
  const targetId = (input.albumId ?? input.parentId)!
  const grant = await requireGrant(db, provider, user)
  await checkTarget(db, user, mode, targetId, false)
  const groups = await plan(provider, grant, mode, input.fsIds).catch((error: unknown) => {
    throw error instanceof CloudDriveError && error.kind === 'not-found' ? badRequest(CLOUD_MSG.fileMissing) : asApiError(error)
  })
  const needMb = roundMb(groups.flatMap((g) => g.files).reduce((sum, f) => sum + fileSizeMb(f.size), 0))

  const jobId = randomUUID()
  await db.transaction(async (tx) => {
    const { categoryId } = await checkTarget(tx, user, mode, targetId, true)
    // The capacity row's lock also queues this user's other imports: the count below cannot race.
    const room = await lockRoomMb(tx, user.id)
    if ((await jobs.countRunningJobs(tx, user.id)) >= MAX_RUNNING_IMPORTS) throw conflict(CLOUD_MSG.tooManyImports)
    await checkFolderRoom(tx, user.id, targetId, mode === 'album' ? groups[0]!.files.length : groups.length)
    if (mode === 'parent') {
      await checkFolderCount(tx, user.id, groups.length)
      const largest = Math.max(0, ...groups.map((g) => g.files.length))
      if (largest > ITEMS_PER_FOLDER) throw conflict(LIMIT_MSG.folderFull(ITEMS_PER_FOLDER))
    }
    if (room < needMb) throw new ApiError(409, CLOUD_MSG.capacity, 'CAPACITY')
    const createdIds: number[] = []
    const items: jobs.NewImportItem[] = []
    for (const group of groups) {
      let folderId = targetId
      if (group.folderName !== null) {
        folderId = await insertFolder(tx, user.id, targetId, 1, {
          title: folderTitle(group.folderName),
          intro: '',
          imageUrl: '',
          categoryId,
          ages: [],
          tags: [],
        })
        createdIds.push(folderId)
      }
      for (const file of group.files) items.push({ fsId: file.fsId, name: file.name, folderId, sizeMb: fileSizeMb(file.size) })
    }
    if (createdIds.length > 0) await touchFolder(tx, targetId)
    await jobs.insertJob(tx, { id: jobId, userId: user.id, mode, targetId, createdIds }, items)
    await enqueue(tx, jobId)
  })
  return jobId
}

/** GET /v1/cloudDrive/import/{jobId}: the user's own job (another user's is a 404). */
export async function getImportJob(db: Db, user: User, jobId: string): Promise<ImportJobView> {
  const job = await jobs.findJob(db, user.id, jobId)
  if (!job) throw notFound(CLOUD_MSG.jobMissing)
  const items = await jobs.listItems(db, jobId)
  return {
    status: job.status,
    done: items.filter((i) => i.status !== 'pending').length,
    total: items.length,
    createdIds: job.mode === 'parent' ? job.createdIds : items.flatMap((i) => (i.status === 'done' && i.bookId !== null ? [i.bookId] : [])),
    failed: items.filter((i) => i.status === 'failed').map((i) => ({ name: i.name, msg: i.msg })),
  }
}
