import type { BookFolder } from '@shared/book-folder'
import type { FolderForm, FormOptions } from './folder-form'

/** The create page's load cycle: the options (and, when editing, the folder) must arrive first. */
export type CreateState =
  | { status: 'loading' }
  | { status: 'failed'; msg: string }
  | { status: 'ready'; options: FormOptions; initial: FolderForm; folder: BookFolder | null }

/**
 * What the page was opened for: `?id=` edits, `?parentId=` creates (0 = top level). An edit may say
 * which list opened it (`&listId=`, 0 = the index), where a save returns.
 */
export type CreateTarget = { mode: 'edit'; id: number; listId?: number } | { mode: 'create'; parentId: number }

/** Reads the target from the query; an id that is not a positive whole number creates instead. */
export function targetFromQuery(query: Record<string, string>): CreateTarget {
  const id = Number(query.id)
  if (Number.isSafeInteger(id) && id > 0) {
    const listId = query.listId?.trim() ? Number(query.listId) : NaN
    return Number.isSafeInteger(listId) && listId >= 0 ? { mode: 'edit', id, listId } : { mode: 'edit', id }
  }
  const parentId = Number(query.parentId)
  return { mode: 'create', parentId: Number.isSafeInteger(parentId) && parentId > 0 ? parentId : 0 }
}
