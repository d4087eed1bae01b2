import { useEffect, useLayoutEffect, useRef } from 'react'
import { installNativeMessageHandler, subscribeNative, type NativeMessageOf, type NativeMessageType } from '../bridge/messages'

/**
 * Calls `handler` for every host message of `type` while the component is mounted. The latest
 * handler is used without resubscribing, so an inline arrow function is fine.
 * @example useNativeMessage('visibleChange', ({ data }) => { if (data.result) reload() })
 */
export function useNativeMessage<T extends NativeMessageType>(type: T, handler: (message: NativeMessageOf<T>) => void): void {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    installNativeMessageHandler() // idempotent; a page works even if it mounted without startBridge
    return subscribeNative(type, (message) => latest.current(message))
  }, [type])
}
