import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import { goBackOrClose } from '@shared/bridge'
import { confirm } from '@shared/components/dialog'
import { useNativeMessage } from '@shared/hooks/use-native-message'

export const LEAVE_CONFIRM = '修改尚未保存，确定离开吗？'

/**
 * Asks before unsaved changes are lost: a confirm dialog for the header back and the native back
 * button, the browser's own prompt (`beforeunload`) for a reload or a closed tab.
 * @returns `back` for the header, and `release` to call right before leaving on purpose (after a
 * save), which takes effect at once rather than on the next render.
 */
export function useLeaveGuard(dirty: boolean): { back: () => void; release: () => void } {
  const latest = useRef(dirty)
  const released = useRef(false)
  const asking = useRef(false)
  useLayoutEffect(() => {
    latest.current = dirty
  })

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current || released.current) return
      event.preventDefault()
      event.returnValue = '' // older WebViews show the prompt only when this is set
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])

  const back = useCallback(async () => {
    if (asking.current) return
    if (latest.current && !released.current) {
      asking.current = true
      const leave = await confirm({ content: LEAVE_CONFIRM, confirmText: '离开', cancelText: '取消' })
      asking.current = false
      if (!leave) return
    }
    released.current = true
    goBackOrClose()
  }, [])

  useNativeMessage('backClick', () => void back())
  return {
    back: useCallback(() => void back(), [back]),
    release: useCallback(() => {
      released.current = true
    }, []),
  }
}
