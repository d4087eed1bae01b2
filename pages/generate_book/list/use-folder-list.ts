import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { deleteBookCreation } from '@shared/api/delete-book-creation'
import { getDirectory } from '@shared/api/get-directory'
import { moveBookCreation } from '@shared/api/move-book-creation'
import { submitBookCreation } from '@shared/api/update-book-creation'
import { deleteConfirmText, type BookFolder } from '@shared/book-folder'
import { closeWebview, isInApp } from '@shared/bridge'
import { confirm } from '@shared/components/dialog'
import { hideLoading, showLoading } from '@shared/components/loading-overlay'
import { toast } from '@shared/components/toast'
import { useLoad } from '@shared/hooks/use-load'
import { takeArrived, takeKeptGet, type ApiResult } from '@shared/http'
import { peekArrived } from '@shared/http/arrived'
import { forgetKept } from '@shared/http/kept-replies'
import { prefetchKey } from '@shared/http/prefetch'
import type { Folder } from '@shared/api/types'
import { LOAD_FAILED, messageOr } from '@shared/http/message-or'
import { logMoveFailure } from './actions'
import { drawableFolder, folderListOf, moveItem, type FolderListState } from './folder-list-state'
import { createMoveQueue } from './move-queue'
import { useExclusive } from './use-exclusive'

export const DELETED = '已删除'
export const DELETE_FAILED = '删除失败，请稍后重试'
export const SUBMIT_CONFIRM = '确认提交吗？'
export const SUBMITTED = '提交成功'
export const SUBMIT_FAILED = '提交失败，请稍后重试'
/** How long `提交成功` shows before the WebView closes. */
export const SUBMITTED_READ_MS = 1200
/** A drag whose order the server did not save: the list shows the server's order again. */
export const MOVE_FAILED = '排序保存失败，已恢复原来的顺序'

/**
 * Folder `id` (0 = the index) and what can be done to it: load and reload, reorder (optimistic,
 * saved in the background), delete a child, submit. Every action runs one at a time.
 */
export function useFolderList(id: number) {
  // A failed order save is announced here; the effect below says so and shows the server's order again.
  const [moveFailures] = useState(() => new EventTarget())
  const [moves] = useState(() =>
    createMoveQueue(moveBookCreation, (msg, parentId, ids) => {
      logMoveFailure(msg, parentId, ids)
      moveFailures.dispatchEvent(new Event('fail'))
    }),
  )
  const exclusive = useExclusive()
  // Counts drags: a load answer read before the latest drag was saved holds an older order.
  const movesMade = useRef(0)

  const fetchFolder = async (signal: AbortSignal): Promise<ApiResult<Folder>> => {
    let result: ApiResult<Folder>
    let movesBefore: number
    do {
      // An order save in flight would be overwritten on screen by the order it is replacing.
      await moves.idle()
      movesBefore = movesMade.current
      result = await getDirectory(id)
      if (signal.aborted) return result // a newer load is on its way: this answer is dropped
      // A drag made while the request was out: the answer holds the older order, so ask again.
    } while (movesBefore !== movesMade.current)
    return result.success && !result.data ? { ...result, success: false } : result
  }
  // The list kept for the next open says what the folder was: once changed here, the next open must not
  // draw it first (its early request keeps the new one).
  const forgetKeptList = useCallback(() => {
    const request = getDirectory.request(id)
    forgetKept(prefetchKey(request.path, request.params))
  }, [id])
  const latest = useRef<FolderListState>({ status: 'loading' })
  const {
    state,
    retry,
    refresh: load,
    update,
  } = useLoad(fetchFolder, {
    parse: folderListOf(id),
    // The HTML's early request already brought it: drawn in the first render (as its head script drew it).
    arrived: () => {
      const request = getDirectory.request(id)
      return drawableFolder(peekArrived(request.path, request.params)) && takeArrived<Folder>(request)
    },
    // Else the list kept from the last open (with no network, what the parent saw then), asked again at once.
    kept: () => {
      const request = getDirectory.request(id)
      return drawableFolder(takeKeptGet<Folder>(request.path, request.params))
    },
    fallback: LOAD_FAILED,
    // The error view shows a first load's failure and stays: a toast would say the same thing twice.
    // A reload that fails keeps the list on screen, so that one is said in a toast.
    onFailed: (msg) => {
      if (latest.current.status === 'loaded') toast(msg)
    },
  })
  useLayoutEffect(() => {
    latest.current = state
  })

  useEffect(() => {
    const onFail = () => {
      toast(MOVE_FAILED)
      void load()
    }
    moveFailures.addEventListener('fail', onFail)
    return () => moveFailures.removeEventListener('fail', onFail)
  }, [moveFailures, load])

  const reorder = useCallback(
    (from: number, to: number) => {
      const current = latest.current
      if (current.status !== 'loaded') return
      update((data) => ({ ...data, items: moveItem(data.items, from, to) }))
      forgetKeptList()
      movesMade.current++
      moves.push(
        id,
        moveItem(current.data.items, from, to).map((item) => item.id),
      )
    },
    [id, moves, update, forgetKeptList],
  )

  const remove = useCallback(
    (item: BookFolder) =>
      exclusive(async () => {
        const yes = await confirm({
          content: deleteConfirmText(item.name, item.childCnt),
          confirmText: '删除',
          cancelText: '取消',
          danger: true,
        })
        if (!yes) return
        showLoading()
        const result = await deleteBookCreation(item.id).finally(hideLoading)
        if (!result.success) return void toast(messageOr(result.msg, DELETE_FAILED))
        forgetKeptList()
        toast(DELETED)
        await load()
      }),
    [exclusive, load, forgetKeptList],
  )

  const submit = useCallback(
    () =>
      exclusive(async () => {
        const yes = await confirm({ content: SUBMIT_CONFIRM, confirmText: '提交', cancelText: '取消' })
        if (!yes) return
        showLoading()
        const result = await submitBookCreation(id).finally(hideLoading)
        if (!result.success) return void toast(messageOr(result.msg, SUBMIT_FAILED))
        forgetKeptList()
        // Said before the page goes away, long enough to be read.
        toast(SUBMITTED)
        await new Promise((resolve) => setTimeout(resolve, SUBMITTED_READ_MS))
        // docs/decisions.md: submitting ends the task — the WebView closes in the app, a browser goes back.
        if (isInApp() && closeWebview()) return
        if (history.length > 1) history.back()
        else await load()
      }),
    [exclusive, id, load, forgetKeptList],
  )

  return { state, load, retry, reorder, remove, submit, exclusive }
}
