import { useCallback, useEffect, useRef, useState } from 'react'
import { getEnv } from '../env'
import { browserHost, openInApp } from '../open-in-app'

/**
 * `打开App` for a component: `open()` tries the app (shared/open-in-app); in WeChat it shows the
 * open-in-browser guide instead. Render `<ShareMask type={1} visible={guideVisible} onClose={closeGuide} />`.
 * A pending fallback to the download page is cancelled when the component unmounts.
 */
export function useOpenInApp() {
  const [guideVisible, setGuideVisible] = useState(false)
  const cancel = useRef<(() => void) | null>(null)
  useEffect(() => () => cancel.current?.(), [])

  const open = useCallback(() => {
    cancel.current?.()
    const outcome = openInApp(browserHost(getEnv().isWeChat))
    if (outcome.kind === 'guide') setGuideVisible(true)
    else cancel.current = outcome.cancel
  }, [])

  return { open, guideVisible, closeGuide: useCallback(() => setGuideVisible(false), []) }
}
