import type { BookFolder } from '@shared/book-folder'
import type { QueryOf } from '@shared/app/define-page'
import type { FolderForm, FormOptions } from './folder-form'
import type page from './page'

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

/** The page's query, as its descriptor (page.ts) parses it. */
export type CreateQuery = QueryOf<(typeof page)['params']>

/** The target of the query; an id that is not a positive whole number creates instead. */
export function targetFromQuery({ id, listId, parentId }: CreateQuery): CreateTarget {
  if (id === undefined) return { mode: 'create', parentId }
  return listId === undefined ? { mode: 'edit', id } : { mode: 'edit', id, listId }
}
