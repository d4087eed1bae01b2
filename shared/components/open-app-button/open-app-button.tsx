import { useOpenInApp } from '../../hooks/use-open-in-app'
import { LazyShareMask } from '../mask/lazy-share-mask'

/** Props of {@link OpenAppButton}. */
export interface OpenAppButtonProps {
  className?: string
}

/**
 * The button `打开App` (browser only): opens this page in the app, else the download page; in WeChat the
 * open-in-browser guide (shared/open-in-app). Brings its own guide mask.
 */
export function OpenAppButton({ className }: OpenAppButtonProps) {
  const { open, guideVisible, closeGuide } = useOpenInApp()
  return (
    <>
      <button type="button" className={className} onClick={open}>
        打开App
      </button>
      <LazyShareMask visible={guideVisible} type={1} onClose={closeGuide} />
    </>
  )
}
