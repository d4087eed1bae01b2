import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { addBookCreation } from '@shared/api/add-book-creation'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { updateBookCreation } from '@shared/api/update-book-creation'
import { toast } from '@shared/components/toast'
import { useLoad } from '@shared/hooks/use-load'
import { takeArrived, takeKeptGet, type ApiResult } from '@shared/http'
import { peekArrived, peekKeptReply } from '@shared/http/arrived'
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

/** Where a form is drawn from before its own requests answer: a reply there (`peek`), then taken (`take`). */
interface ReplySource {
  peek: (path: string, params?: Record<string, unknown>) => ApiResult<unknown> | null
  take: (path: string, params?: Record<string, unknown>) => unknown
}

/** The HTML's early replies, taken as the head script drew them. */
const ARRIVED: ReplySource = { peek: peekArrived, take: (path, params) => takeArrived({ path, params }) }
/**
 * The replies kept from the last open (page.ts `keep`: the options, and when editing the folder, which its
 * list keeps too). Its values are the folder's as they were: the page asks again, and a save waits for the
 * answer (useFolderForm).
 */
const KEPT: ReplySource = { peek: peekKeptReply, take: takeKeptGet }

/** The form from `source` when its replies are all there (the options, and the folder when editing), taken; else null. */
function takeForm(editId: number, source: ReplySource): ApiResult<LoadedForm> | null {
  const requests = [getBookCreationOptions.request(), editId ? getDirectory.request(editId) : null]
  const [options, directory] = requests.map((r) => (r ? source.peek(r.path, r.params) : null))
  const form = arrivedForm(options ?? null, directory ?? null, editId)
  if (!form) return null
  for (const r of requests) if (r) source.take(r.path, r.params)
  return form
}

/**
 * The create/edit form: loads the options (and the folder when editing), holds the values, saves
 * once at a time and then returns to the list, and guards unsaved changes.
 */
export function useFolderForm(target: CreateTarget) {
  const editId = target.mode === 'edit' ? target.id : 0
  // What the HTML's early requests brought: the first render draws the filled form from it.
  const [arrived] = useState(() => takeForm(editId, ARRIVED))
  // Else the form drawn at once from the kept replies, asked again (useLoad `kept`).
  const [kept] = useState(() => (arrived ? null : takeForm(editId, KEPT)))
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
