import { bottomActions, canSubmit, viewKind, type BookFolder, type BottomAction } from '@shared/book-folder'
import { Empty } from '@shared/components/empty'
import { ErrorView } from '@shared/components/error-view'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { PageShell } from '@shared/components/page-shell'
import { BottomBar } from './bottom-bar'
import { FolderList } from './folder-list'
import type { FolderListState } from './folder-list-state'
import { FolderSummary } from './folder-summary'
import styles from './book-list-page.module.css'

/** Props of {@link BookListView}. */
export interface BookListViewProps {
  /** The folder on screen (0 = the index). */
  id: number
  state: FolderListState
  onRetry: () => void
  onSubmit: () => void
  onBack: () => void
  onOpen: (item: BookFolder) => void
  onEdit: (id: number) => void
  onDelete: (item: BookFolder) => void
  onReorder: (from: number, to: number) => void
  onAction: (action: BottomAction) => void
}

/**
 * What 自制绘本列表 shows for its load: loading, the error view, or the folder's summary card, its
 * sortable children (or the empty state) and the bottom bar, with `提交` in the header when the folder
 * can be submitted. Drawn by the page (book-list-page.tsx) and, before React, by its HTML's head script
 * (first-screen.tsx).
 */
export function BookListView({ id, state, onRetry, onSubmit, onBack, onOpen, onEdit, onDelete, onReorder, onAction }: BookListViewProps) {
  const loaded = state.status === 'loaded' ? state.data : null
  const right =
    loaded && canSubmit(loaded.folder) ? (
      <button type="button" className={styles.submit} onClick={onSubmit}>
        提交
      </button>
    ) : undefined

  return (
    <PageShell header={{ right, onBack }}>
      {state.status === 'loading' && <LoadingOverlay visible />}
      {state.status === 'failed' && <ErrorView message={state.msg} onRetry={onRetry} final={state.final} />}
      {loaded && (
        <>
          {viewKind(id, loaded.items.length) !== 'index' && <FolderSummary folder={loaded.folder} onEdit={onEdit} />}
          {loaded.items.length === 0 ? (
            <Empty />
          ) : (
            <FolderList items={loaded.items} onOpen={onOpen} onEdit={onEdit} onDelete={onDelete} onReorder={onReorder} />
          )}
          <BottomBar actions={bottomActions(loaded.folder, loaded.items)} onAction={onAction} />
        </>
      )}
    </PageShell>
  )
}
