import { memo } from 'react'
import { displayName, tagsLine, type BookFolder } from '@shared/book-folder'
import { formatAges } from '@shared/format'
import { Cover } from '../cover'
import styles from './folder-summary.module.css'

/** Props of {@link FolderSummary}. */
export interface FolderSummaryProps {
  folder: BookFolder
  onEdit: (id: number) => void
}

/** The tags line with the ages (`3-6岁`) as one unbreakable piece: a line never ends at its hyphen. */
function keepTogether(line: string, ages: string) {
  const at = ages ? line.indexOf(ages) : -1
  if (at < 0) return line
  return (
    <>
      {line.slice(0, at)}
      <span className={styles.nowrap}>{ages}</span>
      {line.slice(at + ages.length)}
    </>
  )
}

/** The summary card of the folder on screen: cover, name, tags line, description and `编辑`. */
export const FolderSummary = memo(function FolderSummary({ folder, onEdit }: FolderSummaryProps) {
  const ages = formatAges(folder.ages)
  const tags = tagsLine(folder.category, ages, folder.tags)
  return (
    <section className={styles.card} aria-label="文件夹信息">
      <div className={styles.top}>
        <Cover src={folder.imageUrl} type={folder.type} size={72} eager />
        <div className={styles.body}>
          <h2 className={styles.name}>{displayName(folder.name)}</h2>
          {tags && <p className={styles.tags}>{keepTogether(tags, ages)}</p>}
        </div>
        <button type="button" className={styles.edit} onClick={() => onEdit(folder.id)}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          编辑
        </button>
      </div>
      {folder.description && <p className={styles.description}>{folder.description}</p>}
    </section>
  )
})
