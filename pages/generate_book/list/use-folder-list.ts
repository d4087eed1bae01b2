import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { deleteBookCreation } from '@shared/api/delete-book-creation'
import { getDirectory } from '@shared/api/get-directory'
import { moveBookCreation } from '@shared/api/move-book-creation'
import { submitBookCreation } from '@shared/api/update-book-creation'
import { deleteConfirmText, toBookFolder, type BookFolder } from '@shared/book-folder'
import { closeWebview } from '@shared/bridge'
import { confirm } from '@shared/components/dialog'
import { hideLoading, showLoading } from '@shared/components/loading-overlay'
import { toast } from '@shared/components/toast'
import { isInApp } from '@shared/env'
import { MSG_FAILED } from '@shared/http'
import { logMoveFailure } from './actions'
import { folderListReducer, initialFolderListState, moveItem } from './folder-list-state'
import { createMoveQueue } from './move-queue'
import { useExclusive } from './use-exclusive'

export const LOAD_FAILED = '获取数据失败'
export const DELETED = '已删除'
export const DELETE_FAILED = '删除失败，请稍后重试'
export const SUBMIT_CONFIRM = '确认提交吗？'
export const SUBMITTED = '提交成功'
export const SUBMIT_FAILED = '提交失败，请稍后重试'
/** How long `提交成功` shows before the WebView closes. */
export const SUBMITTED_READ_MS = 1200
/** A drag whose order the server did not save: the list shows the server's order again. */
export const MOVE_FAILED = '排序保存失败，已恢复原来的顺序'

/** The server's message, or `fallback` when there is none beyond the HTTP layer's generic one. */
const messageOr = (msg: string | null | undefined, fallback: string) => (msg && msg !== MSG_FAILED ? msg : fallback)

/**
 * Folder `id` (0 = the index) and what can be done to it: load and reload, reorder (optimistic,
 * saved in the background), delete a child, submit. Every action runs one at a time.
 */
export function useFolderList(id: number) {
  const [state, dispatch] = useReducer(folderListReducer, initialFolderListState)
  // A failed order save is announced here; the effect below says so and shows the server's order again.
  const [moveFailures] = useState(() => new EventTarget())
  const [moves] = useState(() =>
    createMoveQueue(moveBookCreation, (msg, parentId, ids) => {
      logMoveFailure(msg, parentId, ids)
      moveFailures.dispatchEvent(new Event('fail'))
    }),
  )
  const exclusive = useExclusive()
  const latest = useRef(state)
  const loads = useRef(0)
  // Counts drags: a load answer read before the latest drag was saved holds an older order.
  const movesMade = useRef(0)
  useLayoutEffect(() => {
    latest.current = state
  })

  const load = useCallback(async () => {
    const mine = ++loads.current
    let result: Awaited<ReturnType<typeof getDirectory>>
    let movesBefore: number
    do {
      // An order save in flight would be overwritten on screen by the order it is replacing.
      await moves.idle()
      movesBefore = movesMade.current
      result = await getDirectory(id)
      if (mine !== loads.current) return // a newer load is on its way
      // A drag made while the request was out: the answer holds the older order, so ask again.
    } while (movesBefore !== movesMade.current)
    if (result.success && result.data) {
      dispatch({ type: 'loaded', folder: { ...toBookFolder(result.data), id } })
    } else {
      // The error view shows the message and stays: a toast would say the same thing twice.
      dispatch({ type: 'failed', msg: messageOr(result.msg, LOAD_FAILED) })
    }
  }, [id, moves])

  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    const onFail = () => {
      toast(MOVE_FAILED)
      void load()
    }
    moveFailures.addEventListener('fail', onFail)
    return () => moveFailures.removeEventListener('fail', onFail)
  }, [moveFailures, load])

  const retry = useCallback(() => {
    dispatch({ type: 'retry' })
    void load()
  }, [load])

  const reorder = useCallback(
    (from: number, to: number) => {
      const current = latest.current
      if (current.status !== 'loaded') return
      dispatch({ type: 'moved', from, to })
      movesMade.current++
      moves.push(id, moveItem(current.items, from, to).map((item) => item.id))
    },
    [id, moves],
  )

  const remove = useCallback(
    (item: BookFolder) =>
      exclusive(async () => {
        const yes = await confirm({ content: deleteConfirmText(item.name, item.childCnt), confirmText: '删除', cancelText: '取消', danger: true })
        if (!yes) return
        showLoading()
        const result = await deleteBookCreation(item.id).finally(hideLoading)
        if (!result.success) return void toast(messageOr(result.msg, DELETE_FAILED))
        toast(DELETED)
        await load()
      }),
    [exclusive, load],
  )

  const submit = useCallback(
    () =>
      exclusive(async () => {
        const yes = await confirm({ content: SUBMIT_CONFIRM, confirmText: '提交', cancelText: '取消' })
        if (!yes) return
        showLoading()
        const result = await submitBookCreation(id).finally(hideLoading)
        if (!result.success) return void toast(messageOr(result.msg, SUBMIT_FAILED))
        // Said before the page goes away, long enough to be read.
        toast(SUBMITTED)
        await new Promise((resolve) => setTimeout(resolve, SUBMITTED_READ_MS))
        // decisions.md: submitting ends the task — the WebView closes in the app, a browser goes back.
        if (isInApp() && closeWebview()) return
        if (history.length > 1) history.back()
        else await load()
      }),
    [exclusive, id, load],
  )

  return { state, load, retry, reorder, remove, submit, exclusive }
}
