import {
  addMethodOptions,
  baiduImportUrl,
  baiduUploadUrl,
  cloudDriveAllowed,
  createMethodOptions,
  createUrl,
  editUrl,
  listUrl,
  type BookFolder,
} from '@shared/book-folder'
import { goBackOrClose, nativeLog, openAlbumAndUpload, openFileAndUpload, openPage } from '@shared/bridge'
import { showActionSheet } from '@shared/components/action-sheet'
import { toast } from '@shared/components/toast'
import { getEnv } from '@shared/env'

/** Toast for a bridge-only action tapped in a browser. */
export const IN_APP_ONLY = '请在App内操作'
/** Toast for a picture book tapped in a browser (docs/decisions.md "Opening a picture book"). */
export const OPEN_BOOK_IN_APP = '请在App内查看绘本'

// A double tap must not open a book screen twice or queue two navigations (two history.back()
// calls would leave two pages at once).
const TAP_GUARD_MS = 800
let lastTap = 0
function firstTap(): boolean {
  const now = Date.now()
  if (now - lastTap < TAP_GUARD_MS) return false
  lastTap = now
  return true
}

/**
 * Forgets the last tap: the page is shown again from the back-forward cache, its scripts as they were
 * when a tap led away. A tap on the page shown again is a first tap, however soon (within the guard of
 * the tap that left, a quick 编辑 → back → row was dropped without a sign).
 */
export function forgetTaps(): void {
  lastTap = 0
}

/** Goes to another page of this site in the same WebView. */
export function navigate(url: string): void {
  location.assign(url)
}

/** Opens a row: a picture book in the app's book view, a folder as its own list. */
export function openItem(item: Pick<BookFolder, 'id' | 'type'>): void {
  if (!firstTap()) return
  if (item.type !== 0) navigate(listUrl(item.id))
  else if (!openPage('pictureBookDetail', { id: item.id })) toast(OPEN_BOOK_IN_APP)
}

/** Opens the create page in edit mode for `id`, from the list of `listId` (where the save returns). */
export function editItem(id: number, listId: number): void {
  if (firstTap()) navigate(editUrl(id, listId))
}

const cloudDrive = () => cloudDriveAllowed(getEnv().appVersion)

/** The add-method sheet for picture books going into folder `folderId`; runs the chosen way. */
export async function chooseAddMethod(folderId: number): Promise<void> {
  const key = await showActionSheet({ actions: addMethodOptions(cloudDrive()) })
  if (key === 'baidu') navigate(baiduUploadUrl(folderId))
  // The host picks and uploads, then sends visibleChange, which reloads the list.
  else if (key === 'photo' && !openAlbumAndUpload({ parentId: folderId })) toast(IN_APP_ONLY)
  else if (key === 'pdf' && !openFileAndUpload({ parentId: folderId, fileSuffix: 'pdf' })) toast(IN_APP_ONLY)
}

/** The create-method sheet for a folder under `parentId`; runs the chosen way. */
export async function chooseCreateMethod(parentId: number): Promise<void> {
  const key = await showActionSheet({ actions: createMethodOptions(cloudDrive()) })
  if (key === 'cloudImport') navigate(baiduImportUrl(parentId))
  else if (key === 'manual') navigate(createUrl(parentId))
}

/** The header back and the native back button: one page back, or closes the WebView at the first page. */
export function goBack(): void {
  if (firstTap()) goBackOrClose()
}

/**
 * `返回上一级`: back in history when the page before was the parent's list (so history does not
 * grow a loop), else straight to the parent's list in place of this one.
 */
export function backToParent(parentId: number): void {
  if (!firstTap()) return
  const parent = listUrl(parentId)
  let previous = ''
  try {
    const referrer = new URL(document.referrer)
    if (referrer.origin === location.origin) previous = referrer.pathname + referrer.search
  } catch {
    // no referrer
  }
  if (previous === parent && history.length > 1) history.back()
  else location.replace(parent)
}

/** Logs a failed order save to the console and the app's log; the next load brings the saved order. */
export function logMoveFailure(msg: string, parentId: number, ids: number[]): void {
  console.error('[generate_book/list] bookCreation/move failed', { msg, parentId, ids })
  nativeLog({ key: 'bookCreation/move', value: JSON.stringify({ msg, parentId, ids }) })
}
