import { useCallback, useState } from 'react'
import { toast } from '../components/toast'
import { getEnv } from '../env'
import { browserShareHost, COPIED_MESSAGE, COPY_FAILED_MESSAGE, shareOutside, type SharePayload } from '../share-outside'

/**
 * Sharing outside the app for a component: `share(payload)` shows the share guide in WeChat, the
 * system share sheet elsewhere, else copies the link with a toast. Render
 * `<ShareMask visible={maskVisible} onClose={closeMask} />` beside it.
 */
export function useShareOutside() {
  const [maskVisible, setMaskVisible] = useState(false)
  const share = useCallback((payload: SharePayload) => {
    void shareOutside(payload, browserShareHost(getEnv().isWeChat)).then((outcome) => {
      if (outcome === 'guide') setMaskVisible(true)
      else if (outcome === 'copied') toast(COPIED_MESSAGE)
      else if (outcome === 'failed') toast(COPY_FAILED_MESSAGE)
    })
  }, [])
  return { share, maskVisible, closeMask: useCallback(() => setMaskVisible(false), []) }
}
