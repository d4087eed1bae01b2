import { getDirectory } from '@shared/api/get-directory'
import type { Folder } from '@shared/api/types'
import { pageTree } from '@shared/app/page-tree'
import { defineFirstScreen, waitForReact } from '@shared/first-screen/define'
import { arrivedState } from '@shared/hooks/load-state'
import { BookListView } from './book-list-view'
import { drawableFolder, folderListOf } from './folder-list-state'
import page from './page'

/**
 * The folder before React: its summary card, its rows and the bottom bar, from the early reply
 * (main.tsx mounts the same view from the same reply: book-list-page.tsx, use-folder-list.ts).
 */
export default defineFirstScreen(page, ({ id }, arrived) => {
  if (id === null) return null // a malformed link: nothing was asked; React says so
  const reply = drawableFolder(arrived<Folder>(getDirectory.request(id)))
  if (!reply) return null
  return pageTree(
    page,
    <BookListView
      id={id}
      state={arrivedState(reply, folderListOf(id))}
      onRetry={waitForReact}
      onSubmit={waitForReact}
      onBack={waitForReact}
      onOpen={waitForReact}
      onEdit={waitForReact}
      onDelete={waitForReact}
      onReorder={waitForReact}
      onAction={waitForReact}
    />,
  )
})
