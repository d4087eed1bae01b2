import { useCallback, useEffect } from 'react'
import { bottomActions, canSubmit, viewKind, type BookFolder, type BottomAction } from '@shared/book-folder'
import { Empty } from '@shared/components/empty'
import { ErrorView } from '@shared/components/error-view'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { PageShell } from '@shared/components/page-shell'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { backToParent, chooseAddMethod, chooseCreateMethod, editItem, goBack, openItem } from './actions'
import { BottomBar } from './bottom-bar'
import { FolderList } from './folder-list'
import { FolderSummary } from './folder-summary'
import page from './page'
import { useFolderList } from './use-folder-list'
import styles from './book-list-page.module.css'

/** 自制绘本列表 (/generate_book/list?id=): a folder's summary, its sortable children and the bottom bar. */
export function BookListPage({ id = page.query().id }: { id?: number }) {
  const { state, load, retry, reorder, remove, submit, exclusive } = useFolderList(id)

  useNativeMessage('visibleChange', ({ data }) => {
    if (data.result) void load()
  })
  useNativeMessage('backClick', goBack)
  useEffect(() => {
    // Back from the create page, a browser may restore this page from its cache: show the change.
    const onShow = (event: PageTransitionEvent) => event.persisted && void load()
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [load])

  const onEdit = useCallback((editId: number) => editItem(editId, id), [id])
  // remove() reports its own failures (toast); the row only starts it.
  const onDelete = useCallback((item: BookFolder) => void remove(item), [remove])
  const loaded = state.status === 'loaded' ? state.data : null
  const onAction = useCallback(
    (action: BottomAction) => {
      if (!loaded) return
      const { folder } = loaded
      if (action === 'addBook' || action === 'enterBook') void exclusive(() => chooseAddMethod(folder.id))
      else if (action === 'addFolder') void exclusive(() => chooseCreateMethod(folder.id))
      else if (action === 'backToParent') backToParent(folder.parentId)
      else void submit()
    },
    [loaded, exclusive, submit],
  )

  const right =
    loaded && canSubmit(loaded.folder) ? (
      <button type="button" className={styles.submit} onClick={() => void submit()}>
        提交
      </button>
    ) : undefined

  return (
    <PageShell title={page.title} header={{ right, onBack: goBack }}>
      {state.status === 'loading' && <LoadingOverlay visible />}
      {state.status === 'failed' && <ErrorView message={state.msg} onRetry={retry} />}
      {loaded && (
        <>
          {viewKind(id, loaded.items.length) !== 'index' && <FolderSummary folder={loaded.folder} onEdit={onEdit} />}
          {loaded.items.length === 0 ? (
            <Empty />
          ) : (
            <FolderList items={loaded.items} onOpen={openItem} onEdit={onEdit} onDelete={onDelete} onReorder={reorder} />
          )}
          <BottomBar actions={bottomActions(loaded.folder, loaded.items)} onAction={onAction} />
        </>
      )}
    </PageShell>
  )
}
