import { useState } from 'react'
import styles from './work-image.module.css'

/** Props of {@link WorkImage}. */
export interface WorkImageProps {
  src: string
  /** `cover` fills the box (cover slide), `contain` shows the whole page (book pages, word pictures). */
  fit?: 'cover' | 'contain'
}

/** A page or cover picture in a fixed-ratio box; a soft empty box when there is none or it fails. */
export function WorkImage({ src, fit = 'contain' }: WorkImageProps) {
  const [failed, setFailed] = useState('')
  const show = src !== '' && failed !== src
  return (
    <div className={styles.box} data-fit={fit}>
      {show && (
        <img className={styles.image} src={src} alt="" decoding="async" loading="lazy" onError={() => setFailed(src)} />
      )}
    </div>
  )
}
