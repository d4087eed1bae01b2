import { useEffect, useState } from 'react'
import { getEnv } from '../../env'
import { toast } from '../toast'
import { MSG_NETWORK } from '../../config/messages'
import type { ShareMask as ShareMaskComponent, ShareMaskProps } from './share-mask'

type MaskModule = { ShareMask: typeof ShareMaskComponent }

let loaded: MaskModule | null = null

/**
 * {@link ShareMask}, downloaded when it is first shown: most visitors never see a guide, so its code
 * and pictures stay out of the page's first bytes. In WeChat, where a tap on share or 打开App shows a
 * guide, it is fetched as the page starts, so the guide appears at once. Import it from this file (the
 * folder's index would bring the mask in up front).
 */
export function LazyShareMask(props: ShareMaskProps) {
  const { visible, onClose } = props
  const [mask, setMask] = useState(loaded)
  const wanted = visible || getEnv().isWeChat
  useEffect(() => {
    if (mask || !wanted) return
    let live = true
    import('./share-mask')
      .then((module) => {
        loaded = module
        if (live) setMask(module)
      })
      .catch(() => {
        // Offline: the guide cannot come; say why once, and let the next tap try again.
        if (live && visible) {
          toast(MSG_NETWORK)
          onClose()
        }
      })
    return () => {
      live = false
    }
  }, [mask, wanted, visible, onClose])
  return mask ? <mask.ShareMask {...props} /> : null
}
