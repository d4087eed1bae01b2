import { useEffect, useLayoutEffect, useRef } from 'react'

/**
 * Calls `onRestored` when the browser shows this page again from its back-forward cache (`pageshow`
 * with `persisted`): the page comes back exactly as it was left, with the data it had then, though
 * another page may have changed it meanwhile (a folder created, a purchase). WebKit (iOS, WeChat on
 * iOS) keeps pages there; Playwright's Chromium does not, so the WebKit journeys check this
 * (tests/webkit/back-forward.test.ts). Call a quiet reload from it: the page keeps what it shows until
 * the answer lands, one round trip. The latest handler is used, so an inline arrow function is fine.
 */
export function usePageRestored(onRestored: () => void): void {
  const latest = useRef(onRestored)
  useLayoutEffect(() => {
    latest.current = onRestored
  })
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])
}
