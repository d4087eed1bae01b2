import { useCallback, useEffect } from 'react'
import type { BookFolder, BottomAction } from '@shared/book-folder'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { backToParent, chooseAddMethod, chooseCreateMethod, editItem, goBack, openItem } from './actions'
import { BookListView } from './book-list-view'
import page from './page'
import { useFolderList } from './use-folder-list'

/** 自制绘本列表 (/generate_book/list?id=): a folder's summary, its sortable children and the bottom bar. */
export function BookListPage({ id = page.query().id }: { id?: number }) {
  const { state, load, retry, reorder, remove, submit, exclusive } = useFolderList(id)
  useMarkReady(state.status === 'loaded')

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

  return (
    <BookListView
      id={id}
      state={state}
      onRetry={retry}
      onSubmit={() => void submit()}
      onBack={goBack}
      onOpen={openItem}
      onEdit={onEdit}
      onDelete={onDelete}
      onReorder={reorder}
      onAction={onAction}
    />
  )
}
