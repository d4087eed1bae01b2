import { useCallback, useRef } from 'react'

/**
 * Runs one task at a time: a tap that arrives while a task (a confirm, a sheet, a request) is still
 * running is dropped, so a double tap never sends a request twice.
 */
export function useExclusive(): (task: () => Promise<void>) => Promise<void> {
  const busy = useRef(false)
  return useCallback(async (task) => {
    if (busy.current) return
    busy.current = true
    try {
      await task()
    } finally {
      busy.current = false
    }
  }, [])
}
