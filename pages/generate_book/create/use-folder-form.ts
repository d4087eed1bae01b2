import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { addBookCreation } from '@shared/api/add-book-creation'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { updateBookCreation } from '@shared/api/update-book-creation'
import { toast } from '@shared/components/toast'
import { useLoad } from '@shared/hooks/use-load'
import type { ApiResult } from '@shared/http'
import { drawFromEarlyReplies } from '@shared/http/early-replies'
import { forgetKept } from '@shared/http/kept-replies'
import { LOAD_FAILED, messageOr } from '@shared/http/message-or'
import { prefetchKey } from '@shared/http/prefetch'
import { arrivedForm, createStateOf, loadedForm, type CreateTarget, type LoadedForm } from './create-state'
import { emptyForm, isDirty, mergeFresh, toInput, toUpdate, validateForm, type FolderForm } from './folder-form'
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
 * The create/edit form: loads the options (and the folder when editing), holds the values, saves
 * once at a time and then returns to the list, and guards unsaved changes.
 */
export function useFolderForm(target: CreateTarget) {
  const editId = target.mode === 'edit' ? target.id : 0
  // The form from the HTML's early replies (the first render draws it filled), else from those kept from
  // the last open (page.ts `keep`: the options, and when editing the folder, which its list keeps too),
  // asked again (useLoad `kept`): its values are the folder's as they were, so a save waits for the answer.
  const [early] = useState(() =>
    drawFromEarlyReplies([getBookCreationOptions.request(), editId ? getDirectory.request(editId) : null], ([options, directory]) =>
      arrivedForm(options ?? null, directory ?? null, editId),
    ),
  )
  const arrived = early && !early.kept ? early.state : null
  const kept = early?.kept ? early.state : null
  const [form, setForm] = useState<FolderForm>(() => (arrived ?? kept)?.data?.initial ?? emptyForm)
  const formNow = useRef(form)
  useLayoutEffect(() => {
    formNow.current = form
  })
  /**
   * The folder's values the form was drawn from, and whether the server has confirmed them since: an
   * edit drawn from kept values is not saved before the folder's current values are in (a save would
   * otherwise put old values back over newer ones).
   */
  const base = useRef(kept?.data?.initial ?? null)
  const confirmed = useRef(!(kept && editId))
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)
  const savingRef = useRef(false)
  const parentId = target.mode === 'create' ? target.parentId : 0

  /** The folder's current values replace those the form was drawn from, in the fields the user has not changed. */
  const takeFresh = useCallback((fresh: FolderForm) => {
    confirmed.current = true
    const from = base.current
    base.current = fresh
    if (!from) return
    const merged = mergeFresh(formNow.current, from, fresh)
    if (!isDirty(merged, formNow.current)) return
    formNow.current = merged
    setForm(merged)
  }, [])

  const load = useLoad(() => fetchForm(editId, kept !== null), {
    parse: (data) => data!,
    arrived: () => arrived,
    kept: () => kept,
    fallback: LOAD_FAILED,
    // The error view shows the message and stays: a toast would say the same thing twice.
    onLoaded: (loaded) => {
      if (loaded.optionsMsg) toast(loaded.optionsMsg)
      // Newer options under a form drawn from kept ones change the choices; an edit's newer values replace
      // the fields the user has not changed.
      if (!kept) setForm(loaded.initial)
      else if (editId) takeFresh(loaded.initial)
    },
  })
  const loaded = load.state
  const state = useMemo(() => createStateOf(loaded), [loaded])
  // Where a save returns: the list the edit was opened from (its own list from the summary card,
  // its parent's from a row), else the folder's parent; a new folder's parent.
  const folderParentId = state.status === 'ready' ? (state.folder?.parentId ?? 0) : 0
  const returnListId = target.mode === 'edit' ? (target.listId ?? folderParentId) : parentId

  const { retry, update } = load

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
    const stop = (server?: string) => {
      savingRef.current = false
      setSaving(false)
      if (server) setErrors({ server })
    }
    if (!confirmed.current) {
      // Drawn from the values kept at the last open and not answered since: the folder's current ones first.
      const fresh = await fetchForm(editId, false)
      if (!fresh.success || !fresh.data) return stop(messageOr(fresh.msg, SAVE_FAILED))
      const current = fresh.data
      update(() => current)
      // A field changed elsewhere that the user left alone keeps its new value: only their changes are saved.
      takeFresh(current.initial)
    }
    const values = formNow.current
    const result = editId ? await updateBookCreation(toUpdate(values, editId)) : await addBookCreation(toInput(values, parentId))
    if (!result.success) return stop(messageOr(result.msg, SAVE_FAILED))
    // The folder's values kept at this open are old now: its next edit and its list ask first.
    if (editId) {
      const directory = getDirectory.request(editId)
      forgetKept(prefetchKey(directory.path, directory.params))
    }
    // The button stays disabled: the page is leaving.
    guard.release()
    returnToList(returnListId)
  }, [state, form, uploading, editId, parentId, returnListId, guard, update, takeFresh])

  return { state, form, errors, saving, uploading, setUploading, change, save, retry, back: guard.back }
}
