import { useState } from 'react'
import { apiUrl } from '@shared/http/settings'
import styles from './cover.module.css'

/** Props of {@link Cover}. */
export interface CoverProps {
  /** Image URL as the API gave it (a path is on the API's origin); empty or broken shows the drawn placeholder. */
  src: string
  /** 0 picture book (a book is drawn), anything else a folder. */
  type: number
  /** Edge length in px (default 56). */
  size?: number
  /** Load the image eagerly (the summary card) instead of when scrolled near. */
  eager?: boolean
}

/** A square cover image with a placeholder for missing or broken images. Decorative: rows carry the name. */
export function Cover({ src, type, size = 56, eager = false }: CoverProps) {
  const [broken, setBroken] = useState<string | null>(null)
  const showImage = src !== '' && broken !== src
  return (
    <span className={styles.cover} style={{ width: size, height: size }} aria-hidden="true">
      {showImage ? (
        <img
          className={styles.image}
          src={apiUrl(src)}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setBroken(src)}
        />
      ) : (
        <svg className={styles.placeholder} viewBox="0 0 24 24" focusable="false">
          <path d={type === 0 ? BOOK : FOLDER} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  )
}

const BOOK = 'M5 4.5h9.5a2 2 0 0 1 2 2V19H7a2 2 0 0 1-2-2zM5 17a2 2 0 0 1 2-2h9.5M9 8.5h4.5'
const FOLDER = 'M3.5 6.5a1.5 1.5 0 0 1 1.5-1.5h4l2 2.5h8a1.5 1.5 0 0 1 1.5 1.5v8.5a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5z'
