import { useState } from 'react'
import styles from './work-image.module.css'

/** Props of {@link WorkImage}. */
export interface WorkImageProps {
  src: string
  /** `cover` fills the box (cover slide), `contain` shows the whole page (book pages, word pictures). */
  fit?: 'cover' | 'contain'
  /**
   * The largest paint of the page (the cover): fetched at once with high priority and decoded with the
   * frame, so a cached picture is there in the first frame that shows the box (no empty box in between).
   */
  priority?: boolean
  /** Called when the picture has loaded or failed (maybe more than once; never when there is none). */
  onSettled?: () => void
  /**
   * An empty box the HTML's early request may fill (`data-early-image`, shared/app/first-requests.ts):
   * the cover picture shows in the loading frame as soon as the share names it, before any JavaScript.
   */
  earlySlot?: boolean
}

/** A page or cover picture in a fixed-ratio box; a soft empty box when there is none or it fails. */
export function WorkImage({ src, fit = 'contain', priority = false, onSettled, earlySlot = false }: WorkImageProps) {
  const [failed, setFailed] = useState('')
  const show = src !== '' && failed !== src
  return (
    <div className={styles.box} data-fit={fit} data-early-image={earlySlot || undefined}>
      {show && (
        <img
          className={styles.image}
          src={src}
          alt=""
          decoding={priority ? 'sync' : 'async'}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          // An image already in the cache may have loaded before React attached onLoad.
          ref={onSettled ? (img) => void (img?.complete && onSettled()) : undefined}
          onLoad={onSettled}
          onError={() => {
            setFailed(src)
            onSettled?.()
          }}
        />
      )}
    </div>
  )
}
