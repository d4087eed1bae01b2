import type { Folder } from '@shared/api/types'
import { toBookFolder, type BookFolder } from '@shared/book-folder'
import type { ApiResult } from '@shared/http/envelope'
import type { LoadState } from '@shared/hooks/load-state'

/** What the list shows: the folder, and its children in the order on screen (a drag reorders them at once). */
export interface FolderListData {
  folder: BookFolder
  items: BookFolder[]
}

/**
 * The list page's load cycle (docs/style.md 5, shared/hooks/use-load.ts): a reload keeps the loaded state on
 * screen until it answers, and then takes the server's order.
 */
export type FolderListState = LoadState<FolderListData>

/** The list of a folder that arrived. */
export const listOf = (folder: BookFolder): FolderListData => ({ folder, items: folder.items })

/** The list of folder `id` from the `directory/{id}` reply's data (the page's parse). */
export const folderListOf =
  (id: number) =>
  (data: Folder | null): FolderListData =>
    listOf({ ...toBookFolder(data), id })

/** A reply the list draws: a success with a folder in it (one without is a failure: use-folder-list.ts). */
export function drawableFolder<T>(reply: ApiResult<T> | null): ApiResult<T> | null {
  return reply?.success && reply.data ? reply : null
}

/** Moves the element at `from` to `to`; indexes out of range leave the list as it was. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [moved] = next.splice(from, 1) as [T]
  next.splice(to, 0, moved)
  return next
}
