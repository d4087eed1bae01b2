import { useEffect, useRef, useState } from 'react'

/**
 * How many of `total` rows to draw: `step` at first, `step` more each time the sentinel (put after the
 * last drawn row) scrolls near the viewport. Keeps a 1,000-word cover as cheap as a 50-word one. Without
 * IntersectionObserver every row is drawn.
 */
export function useProgressiveCount(total: number, step = 50) {
  const [count, setCount] = useState(() => (typeof IntersectionObserver === 'undefined' ? total : step))
  const sentinelRef = useRef<HTMLLIElement>(null)
  const shown = Math.min(total, count)

  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!sentinel || shown >= total || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((n) => Math.min(total, n + step))
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [shown, total, step])

  return { shown, sentinelRef, more: shown < total }
}
