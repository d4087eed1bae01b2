import { useEffect, useLayoutEffect, useRef } from 'react'
import { RESTORED_GLOBAL } from '../config/page-start'

/**
 * Calls `onRestored` when the browser shows this page again from its back-forward cache (`pageshow`
 * with `persisted`): the page comes back exactly as it was left, with the data it had then, though
 * another page may have changed it meanwhile (a folder created, a purchase). WebKit (iOS, WeChat on
 * iOS) keeps pages there; Playwright's Chromium does not, so the WebKit journeys check this
 * (tests/webkit/back-forward.test.ts). Call a quiet reload from it: the page keeps what it shows until
 * the answer lands, one round trip. The latest handler is used, so an inline arrow function is fine.
 *
 * A page can be left and shown again before this hook listens: React renders in slices after the first
 * screen (seconds on a slow phone), and the first screen already shows the data. The HTML's head script
 * notes such a show (RESTORED_GLOBAL, scripts/build/entry-watchdog.ts); the hook then calls `onRestored`
 * once as it starts listening (in CI's WebKit journey, a /space_upgrade left that soon kept its old total).
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
    if (typeof (window as unknown as Record<string, unknown>)[RESTORED_GLOBAL] === 'number') latest.current()
    return () => window.removeEventListener('pageshow', onShow)
  }, [])
}
