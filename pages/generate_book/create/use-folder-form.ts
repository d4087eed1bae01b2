import { useCallback, useMemo, useRef, useState } from 'react'
import { addBookCreation } from '@shared/api/add-book-creation'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { updateBookCreation } from '@shared/api/update-book-creation'
import { toast } from '@shared/components/toast'
import { useLoad } from '@shared/hooks/use-load'
import { takeArrived, takeKeptGet, type ApiResult } from '@shared/http'
import { peekArrived, peekKeptReply } from '@shared/http/arrived'
import { LOAD_FAILED, messageOr } from '@shared/http/message-or'
import { arrivedForm, createStateOf, loadedForm, type CreateTarget, type LoadedForm } from './create-state'
import { emptyForm, isDirty, toInput, toUpdate, validateForm, type FolderForm } from './folder-form'
import { returnToList } from './navigation'
import { useLeaveGuard } from './use-leave-guard'

export const SAVE_FAILED = '保存失败，请稍后重试'

/** Field errors under their fields, and a server error above the save button. */
export interface FormErrors {
  title?: string
  intro?: string
  server?: string
}

/**
 * The options, and the folder when `editId` is set; fails only when the folder cannot be read, or, with
 * `optionsKept`, when the options cannot (useLoad then keeps the kept ones rather than a form with no picks).
 */
async function fetchForm(editId: number, optionsKept: boolean): Promise<ApiResult<LoadedForm>> {
  const [options, directory] = await Promise.all([getBookCreationOptions(), editId ? getDirectory(editId) : null])
  if (optionsKept && !options.success) return { ...options, data: null }
  return loadedForm(options, directory, editId)
}

/**
 * The form from the HTML's early replies when they are all in (taken then, as the head script drew
 * them), else null.
 */
function takeArrivedForm(editId: number): ApiResult<LoadedForm> | null {
  const options = getBookCreationOptions.request()
  const directory = editId ? getDirectory.request(editId) : null
  const peek = (r: typeof options | null) => (r ? peekArrived(r.path, r.params) : null)
  const form = arrivedForm(peek(options), peek(directory), editId)
  if (!form) return null
  takeArrived(options)
  if (directory) takeArrived(directory)
  return form
}

/**
 * A new folder's form from the options kept from the last open (page.ts `keep`), taken, else null. Never
 * when editing: the folder's own values are not kept (a late answer would overwrite what was typed, and
 * stale values saved over newer ones), so an edit waits for its folder.
 */
function takeKeptForm(editId: number): ApiResult<LoadedForm> | null {
  if (editId) return null
  const options = getBookCreationOptions.request()
  const form = arrivedForm(peekKeptReply(options.path, options.params), null, 0)
  if (form) takeKeptGet(options.path, options.params)
  return form
}

/**
 * The create/edit form: loads the options (and the folder when editing), holds the values, saves
 * once at a time and then returns to the list, and guards unsaved changes.
 */
export function useFolderForm(target: CreateTarget) {
  const editId = target.mode === 'edit' ? target.id : 0
  // What the HTML's early requests brought: the first render draws the filled form from it.
  const [arrived] = useState(() => takeArrivedForm(editId))
  // Else a new folder's form drawn at once from the kept options, asked again (useLoad `kept`).
  const [kept] = useState(() => (arrived ? null : takeKeptForm(editId)))
  const [form, setForm] = useState<FolderForm>(() => (arrived ?? kept)?.data?.initial ?? emptyForm)
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)
  const savingRef = useRef(false)
  const parentId = target.mode === 'create' ? target.parentId : 0
  const load = useLoad(() => fetchForm(editId, kept !== null), {
    parse: (data) => data!,
    arrived: () => arrived,
    kept: () => kept,
    fallback: LOAD_FAILED,
    // The error view shows the message and stays: a toast would say the same thing twice.
    onLoaded: (loaded) => {
      if (loaded.optionsMsg) toast(loaded.optionsMsg)
      // Newer options under a form drawn from kept ones change the choices only: the parent may be typing.
      if (!kept) setForm(loaded.initial)
    },
  })
  const loaded = load.state
  const state = useMemo(() => createStateOf(loaded), [loaded])
  // Where a save returns: the list the edit was opened from (its own list from the summary card,
  // its parent's from a row), else the folder's parent; a new folder's parent.
  const folderParentId = state.status === 'ready' ? (state.folder?.parentId ?? 0) : 0
  const returnListId = target.mode === 'edit' ? (target.listId ?? folderParentId) : parentId

  const { retry } = load

  const dirty = state.status === 'ready' && isDirty(form, state.initial)
  const guard = useLeaveGuard(dirty && !saving)

  const change = useCallback(<K extends keyof FolderForm>(key: K, value: FolderForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }))
    if (key === 'title' || key === 'intro') setErrors((current) => ({ ...current, [key]: undefined }))
  }, [])

  const save = useCallback(async () => {
    if (savingRef.current || state.status !== 'ready' || uploading) return
    const problem = validateForm(form)
    if (problem) return setErrors({ [problem.field]: problem.msg })
    savingRef.current = true
    setSaving(true)
    setErrors({})
    const result = editId ? await updateBookCreation(toUpdate(form, editId)) : await addBookCreation(toInput(form, parentId))
    if (!result.success) {
      savingRef.current = false
      setSaving(false)
      return setErrors({ server: messageOr(result.msg, SAVE_FAILED) })
    }
    // The button stays disabled: the page is leaving.
    guard.release()
    returnToList(returnListId)
  }, [state, form, uploading, editId, parentId, returnListId, guard])

  return { state, form, errors, saving, uploading, setUploading, change, save, retry, back: guard.back }
}
