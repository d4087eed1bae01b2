import { useCallback } from 'react'
import type { BookFolder, BottomAction } from '@shared/book-folder'
import { ErrorView } from '@shared/components/error-view'
import { PageShell } from '@shared/components/page-shell'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageRestored } from '@shared/hooks/use-page-restored'
import { backToParent, chooseAddMethod, chooseCreateMethod, editItem, forgetTaps, goBack, openItem } from './actions'
import { BookListView } from './book-list-view'
import page from './page'
import { useFolderList } from './use-folder-list'

/** What a link whose `id` names no folder (`?id=abc`) says: as the server says of a folder that is not there. */
export const FOLDER_LINK_INVALID = '文件夹不存在'

/**
 * 自制绘本列表 (/generate_book/list?id=): a folder's summary, its sortable children and the bottom bar;
 * a malformed `id` is a final error, never the top level in its place.
 */
export function BookListPage({ id = page.query().id }: { id?: number | null }) {
  return id === null ? <MalformedLink /> : <FolderPage id={id} />
}

/** `?id=` that names no folder: said, with 返回 and no 重试 (docs/decisions.md "Errors that cannot pass are final"). */
function MalformedLink() {
  useNativeMessage('backClick', goBack)
  return (
    <PageShell header={{ onBack: goBack }}>
      <ErrorView message={FOLDER_LINK_INVALID} onRetry={goBack} final />
    </PageShell>
  )
}

function FolderPage({ id }: { id: number }) {
  const { state, load, retry, reorder, remove, submit, exclusive } = useFolderList(id)
  useMarkReady(state.status === 'loaded')

  useNativeMessage('visibleChange', ({ data }) => {
    if (data.result) void load()
  })
  useNativeMessage('backClick', goBack)
  // Back from the create page or an import, a browser may restore this page from its cache: show the change.
  usePageRestored(() => {
    forgetTaps()
    void (state.status === 'failed' ? retry() : load())
  })

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
