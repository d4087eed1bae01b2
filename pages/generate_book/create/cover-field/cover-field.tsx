import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { uploadFile } from '@shared/api/upload-file'
import { toast } from '@shared/components/toast'
import { apiUrl, MSG_FAILED } from '@shared/http'
import styles from './cover-field.module.css'
import { shrinkImage } from './shrink-image'

/** The server's limit for an image (docs/contracts/api.md). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024

/** Props of {@link CoverField}. */
export interface CoverFieldProps {
  /** The file input's id (given, not useId's: a first screen drawn before React has none). */
  id: string
  /** The saved cover URL ('' = none). */
  value: string
  onChange: (url: string) => void
  /** Told when an upload starts and ends, so the form holds its save meanwhile. */
  onUploadingChange: (uploading: boolean) => void
}

/**
 * `封面`: picks an image, previews it at once, shrinks it to the size covers are shown at (see
 * shrink-image.ts), uploads it through `POST /v1/upload`, then keeps the server's URL. A failed
 * upload restores the previous cover and says why.
 */
export function CoverField({ id, value, onChange, onUploadingChange }: CoverFieldProps) {
  const inputId = id
  const [local, setLocal] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)

  // The object URL of the local preview is released when replaced or when the page goes.
  useEffect(() => (local ? () => URL.revokeObjectURL(local) : undefined), [local])

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // picking the same file again still fires change
    if (!file || progress !== null) return
    if (!file.type.startsWith('image/')) return void toast('请选择图片文件')
    if (file.size > IMAGE_MAX_BYTES) return void toast('图片不能超过10MB')
    setLocal(URL.createObjectURL(file))
    setProgress(0) // shown while shrinking too, so the picker never looks stuck
    onUploadingChange(true)
    const upload = await shrinkImage(file)
    const result = await uploadFile(upload, upload.name, setProgress)
    setProgress(null)
    onUploadingChange(false)
    setLocal(null)
    const url = result.success && typeof result.data?.url === 'string' ? result.data.url : ''
    if (url) onChange(url)
    else toast(result.msg && result.msg !== MSG_FAILED ? result.msg : '封面上传失败，请重试')
  }

  // The saved URL is kept as the server gave it (it goes back in the save); shown from the API's origin.
  const preview = local ?? apiUrl(value)
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.picker} data-has-image={preview ? '' : undefined}>
        {preview ? (
          <img className={styles.image} src={preview} alt="封面预览" />
        ) : (
          // An icon, not a "+" of text: the reader's text size is for words (a 72 px "+" would not fit the box).
          <svg className={styles.plus} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 4v16M4 12h16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
        )}
        {progress !== null && (
          <span className={styles.progress} role="status">
            上传中 {Math.round(progress * 100)}%
          </span>
        )}
      </label>
      <input
        ref={input}
        id={inputId}
        className={styles.input}
        type="file"
        accept="image/*"
        aria-label="封面"
        disabled={progress !== null}
        onChange={(event) => void pick(event)}
      />
      <p className={styles.hint}>{preview ? '点击图片更换封面' : '点击上传封面图片，不超过10MB'}</p>
    </div>
  )
}
