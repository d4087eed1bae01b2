import type { BookFolder } from '@shared/book-folder'
import { useSortable } from '@shared/hooks/use-sortable'
import { DRAG_HANDLE, FolderRow, SORTABLE_CLASSES } from './folder-row'
import styles from './book-list-page.module.css'

/** Props of {@link FolderList}. */
export interface FolderListProps {
  items: BookFolder[]
  onOpen: (item: BookFolder) => void
  onEdit: (id: number) => void
  onDelete: (item: BookFolder) => void
  onReorder: (from: number, to: number) => void
}

/** The drag-sortable children of the folder; drags start from each row's `拖动排序` handle. */
export function FolderList({ items, onOpen, onEdit, onDelete, onReorder }: FolderListProps) {
  const { ref, ready } = useSortable<HTMLUListElement>({ handle: DRAG_HANDLE, onReorder, ...SORTABLE_CLASSES })
  return (
    <ul ref={ref} className={styles.list} aria-label="绘本列表" data-sortable={ready ? 'ready' : undefined}>
      {items.map((item, index) => (
        <FolderRow
          key={item.id}
          item={item}
          index={index}
          count={items.length}
          onOpen={onOpen}
          onEdit={onEdit}
          onDelete={onDelete}
          onMove={onReorder}
        />
      ))}
    </ul>
  )
}
