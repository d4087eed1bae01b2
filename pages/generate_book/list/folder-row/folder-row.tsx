import { Fragment, type KeyboardEvent, memo } from 'react'
import { displayName, type BookFolder } from '@shared/book-folder'
import { formatUpdateTime } from '@shared/format'
import { Cover } from '../cover'
import styles from './folder-row.module.css'

/** The attribute SortableJS finds the drag handle by (`[data-drag-handle]`). */
export const DRAG_HANDLE = '[data-drag-handle]'

/** Classes SortableJS puts on the placeholder (`ghost`) and on the row under the finger (`drag`). */
export const SORTABLE_CLASSES = { ghostClass: styles.ghost, dragClass: styles.drag }

/** Props of {@link FolderRow}. Callbacks are stable so that 300 rows do not all re-render on a drag. */
export interface FolderRowProps {
  item: BookFolder
  index: number
  count: number
  onOpen: (item: BookFolder) => void
  onEdit: (id: number) => void
  onDelete: (item: BookFolder) => void
  /** Keyboard reordering from the handle (arrow keys), the same move a drag makes. */
  onMove: (from: number, to: number) => void
}

/** One child of the folder: cover, name, update time, `编辑`, `删除` and the `拖动排序` handle. */
export const FolderRow = memo(function FolderRow({ item, index, count, onOpen, onEdit, onDelete, onMove }: FolderRowProps) {
  const time = formatUpdateTime(item.updateTime)
  const onHandleKey = (event: KeyboardEvent) => {
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : -1
    if (to < 0 || to >= count) return
    event.preventDefault()
    onMove(index, to)
  }
  return (
    <li className={styles.row}>
      <button type="button" className={styles.main} onClick={() => onOpen(item)}>
        <Cover src={item.imageUrl} type={item.type} />
        <span className={styles.text}>
          <span className={styles.name}>{displayName(item.name)}</span>
          {time && (
            <span className={styles.time}>
              {/* The date and the clock each stay whole; at a large text size the line may break between them. */}
              更新时间{' '}
              {time.split(' ').map((part, i) => (
                <Fragment key={i}>
                  {i > 0 && ' '}
                  <span className={styles.nowrap}>{part}</span>
                </Fragment>
              ))}
            </span>
          )}
        </span>
      </button>
      <span className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => onEdit(item.id)}>
          编辑
        </button>
        <button type="button" className={`${styles.action} ${styles.danger}`} onClick={() => onDelete(item)}>
          删除
        </button>
      </span>
      <button type="button" className={styles.handle} aria-label="拖动排序" data-drag-handle="" onKeyDown={onHandleKey}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 8h14M5 12h14M5 16h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  )
})
