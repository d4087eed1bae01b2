import type { BookFolder } from '@shared/book-folder'
import type { LoadState } from '@shared/hooks/use-load'

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

/** Moves the element at `from` to `to`; indexes out of range leave the list as it was. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [moved] = next.splice(from, 1) as [T]
  next.splice(to, 0, moved)
  return next
}
