import type { FolderRecord } from '../repositories/folders-repository'
import { formatChinaTime, roundMb } from '../http/text'

/** Contract Folder (docs/contracts/api.md). */
export interface FolderView {
  id: number
  title: string
  type: number
  parentId: number
  parentType: number
  rootId: number
  rootTitle: string
  ages: string[]
  tags: string[]
  intro: string
  imageUrl: string
  childCnt: number
  status: number
  updateTime: string
  needCapacityMb: number
  fileSizeMb: number
  userId: number
  quizCnt: number
  fileSuffix: string
  items?: FolderView[]
}

/** The title of the synthetic root folder (id 0) that holds the user's top-level folders. */
export const ROOT_TITLE = '我的绘本'

/** Maps a stored folder to the contract shape. */
export function toFolderView(f: FolderRecord): FolderView {
  const size = roundMb(f.subtreeMb)
  return {
    id: f.id,
    title: f.title,
    type: f.type,
    parentId: f.parentId,
    parentType: f.parentType,
    rootId: f.categoryId,
    rootTitle: f.categoryName,
    ages: f.ages,
    tags: f.tags,
    intro: f.intro,
    imageUrl: f.imageUrl,
    childCnt: f.childCnt,
    status: f.status,
    updateTime: formatChinaTime(f.updatedAt),
    needCapacityMb: size,
    fileSizeMb: size,
    userId: f.userId,
    quizCnt: f.quizCnt,
    fileSuffix: f.fileSuffix,
  }
}

/**
 * The user's root as a folder: id 0, type 2 (it holds folders), parentType 0, titled 我的绘本.
 * Its update time is the latest of its children's (now when it is empty).
 */
export function rootFolderView(userId: number, children: FolderRecord[]): FolderView {
  const items = children.map(toFolderView)
  const latest = children.reduce((t, c) => Math.max(t, c.updatedAt.getTime()), 0)
  const size = roundMb(children.reduce((sum, c) => sum + c.subtreeMb, 0))
  return {
    id: 0,
    title: ROOT_TITLE,
    type: 2,
    parentId: 0,
    parentType: 0,
    rootId: 0,
    rootTitle: '',
    ages: [],
    tags: [],
    intro: '',
    imageUrl: '',
    childCnt: items.length,
    status: 0,
    updateTime: formatChinaTime(latest ? new Date(latest) : new Date()),
    needCapacityMb: size,
    fileSizeMb: size,
    userId,
    quizCnt: 0,
    fileSuffix: '',
    items,
  }
}
