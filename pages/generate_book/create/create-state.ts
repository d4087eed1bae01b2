import { toBookFolder, type BookFolder } from '@shared/book-folder'
import type { QueryOf } from '@shared/app/define-page'
import type { ApiResult } from '@shared/http/envelope'
import type { LoadState } from '@shared/hooks/load-state'
import { LOAD_FAILED, messageOr } from '@shared/http/message-or'
import { emptyForm, formFromFolder, toFormOptions, type FolderForm, type FormOptions } from './folder-form'
import page from './page'

/** The create page's load cycle: the options (and, when editing, the folder) must arrive first. */
export type CreateState =
  | { status: 'loading' }
  | { status: 'failed'; msg: string; final?: boolean }
  | { status: 'ready'; options: FormOptions; initial: FolderForm; folder: BookFolder | null }

/**
 * What the page was opened for: `?id=` edits, `?parentId=` creates (0 = top level). An edit may say
 * which list opened it (`&listId=`, 0 = the index), where a save returns.
 */
export type CreateTarget = { mode: 'edit'; id: number; listId?: number } | { mode: 'create'; parentId: number }

/** The page's query, as its descriptor (page.ts) parses it. */
export type CreateQuery = QueryOf<(typeof page)['params']>

/** The page's title for `target` (page.ts `titleFor`). */
export const createPageTitle = (target: CreateTarget) =>
  page.titleOf({ id: target.mode === 'edit' ? target.id : undefined, parentId: 0, listId: undefined })

/** The target of the query; an id that is not a positive whole number creates instead. */
export function targetFromQuery({ id, listId, parentId }: CreateQuery): CreateTarget {
  if (id === undefined) return { mode: 'create', parentId }
  return listId === undefined ? { mode: 'edit', id } : { mode: 'edit', id, listId }
}

/** What the page's load brings: the choices, the values to start from, the folder being edited. */
export interface LoadedForm {
  options: FormOptions
  initial: FolderForm
  folder: BookFolder | null
  /** Why the options are missing (the form still works, with no picks). */
  optionsMsg: string | null
}

/**
 * The form from the replies of `bookCreation/options` and, when editing folder `editId`, of its
 * `directory/{id}`: a failure only when the folder cannot be read.
 */
export function loadedForm(options: ApiResult<unknown>, directory: ApiResult<unknown> | null, editId: number): ApiResult<LoadedForm> {
  if (directory && !(directory.success && directory.data)) return { ...directory, success: false, data: null }
  const folder = directory ? { ...toBookFolder(directory.data), id: editId } : null
  const data: LoadedForm = {
    options: toFormOptions(options.data as Parameters<typeof toFormOptions>[0], folder),
    initial: folder ? formFromFolder(folder) : emptyForm,
    folder,
    optionsMsg: options.success ? null : messageOr(options.msg, LOAD_FAILED),
  }
  return { success: true, data, msg: '', code: 200, result: 'SUCCESS' }
}

/**
 * The form the page starts from when the HTML's early requests already brought what it needs (the
 * options, and the folder when editing, both usable): null otherwise.
 */
export function arrivedForm(options: ApiResult<unknown> | null, directory: ApiResult<unknown> | null, editId: number) {
  if (!options?.success || (editId && !(directory?.success && directory.data))) return null
  return loadedForm(options, editId ? directory : null, editId)
}

/** The page's state for its load's state. */
export function createStateOf(loaded: LoadState<LoadedForm>): CreateState {
  if (loaded.status !== 'loaded') return loaded
  const { options, initial, folder } = loaded.data
  return { status: 'ready', options, initial, folder }
}
