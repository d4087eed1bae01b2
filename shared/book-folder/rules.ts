import { versionGte } from '../env/version'
import type { BookFolder } from './folder'

/** The three ways the list page shows a folder (docs/spec/product-spec.md §3 "View kinds"). */
export type ViewKind = 'index' | 'folder' | 'empty_folder'

/** The app version from which the cloud-drive options exist (docs/spec/product-spec.md §5, §9). */
export const CLOUD_DRIVE_MIN_VERSION = '2.12.0'

/**
 * Which view the list shows: no id (or `0`) is the index of the user's top-level folders; otherwise
 * a folder with children, or an empty one.
 */
export function viewKind(id: number, childCount: number): ViewKind {
  if (!id) return 'index'
  return childCount > 0 ? 'folder' : 'empty_folder'
}

/**
 * Whether the header shows `提交` (docs/spec/product-spec.md §5): a type 1 folder whose parent is not type 2, or any folder
 * whose type is not 1. The index is not a folder of its own, so there is nothing to submit there.
 */
export function canSubmit(folder: Pick<BookFolder, 'id' | 'type' | 'parentType'>): boolean {
  if (!folder.id) return false
  return folder.type === 1 ? folder.parentType !== 2 : true
}

/** One button of the bottom bar. */
export type BottomAction = 'addBook' | 'addFolder' | 'enterBook' | 'backToParent' | 'finishSubmit'

/** The bottom bar's label for each action (docs/contracts/ui-text.md). */
export const BOTTOM_ACTION_TEXT: Record<BottomAction, string> = {
  addBook: '添加绘本',
  addFolder: '添加文件夹',
  enterBook: '进入绘本',
  backToParent: '返回上一级',
  finishSubmit: '完成提交',
}

/**
 * The bottom bar, left to right: only what the server accepts there (server/services/folder-rules.ts,
 * docs/decisions.md "Books live in folders"). A type 1 folder (a folder of picture books) gets `进入绘本` and
 * `返回上一级` (parent is type 2) or `完成提交`. The index and a type 2 folder hold folders only, so they
 * get `添加文件夹` (a new folder is type 1) and never `添加绘本`. A picture book (type 0) holds nothing.
 */
export function bottomActions(
  folder: Pick<BookFolder, 'id' | 'type' | 'parentType'>,
  _children?: readonly Pick<BookFolder, 'type'>[],
): BottomAction[] {
  if (folder.id && folder.type === 1) {
    return ['enterBook', folder.parentType === 2 ? 'backToParent' : 'finishSubmit']
  }
  if (!folder.id || folder.type === 2) return ['addFolder']
  return []
}

/**
 * Whether the cloud-drive options show for an app `version` (`null` = unknown, which is allowed:
 * docs/contracts/user-agent.md).
 */
export function cloudDriveAllowed(version: string | null): boolean {
  return version === null || versionGte(version, CLOUD_DRIVE_MIN_VERSION)
}

/** An option of the add-method or create-method sheet. */
export interface SheetOption<K extends string> {
  key: K
  text: string
}

export type AddMethod = 'baidu' | 'photo' | 'pdf'
export type CreateMethod = 'cloudImport' | 'manual'

/** The add-method sheet (how picture books get in): cloud drive only when allowed. */
export function addMethodOptions(cloudDrive: boolean): SheetOption<AddMethod>[] {
  const options: SheetOption<AddMethod>[] = [
    { key: 'photo', text: '拍照' },
    { key: 'pdf', text: '本地PDF文件' },
  ]
  return cloudDrive ? [{ key: 'baidu', text: '百度网盘上传' }, ...options] : options
}

/** The create-method sheet (how a folder gets made): cloud import only when allowed. */
export function createMethodOptions(cloudDrive: boolean): SheetOption<CreateMethod>[] {
  const manual: SheetOption<CreateMethod> = { key: 'manual', text: '手动创建' }
  return cloudDrive ? [{ key: 'cloudImport', text: '网盘导入' }, manual] : [manual]
}
