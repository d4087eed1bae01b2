import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { pageTree } from '@shared/app/page-tree'
import { defineFirstScreen, waitForReact } from '@shared/first-screen/define'
import { arrivedState } from '@shared/hooks/load-state'
import { BookCreateView } from './book-create-view'
import { arrivedForm, createPageTitle, createStateOf, targetFromQuery } from './create-state'
import page from './page'

/**
 * The form, filled, before React: the choices and, when editing, the folder, once their replies are
 * in (main.tsx mounts the same view from the same replies: book-create-entry.tsx, use-folder-form.ts).
 */
export default defineFirstScreen(page, (query, arrived) => {
  const target = targetFromQuery(query)
  const editId = target.mode === 'edit' ? target.id : 0
  const form = arrivedForm(arrived(getBookCreationOptions.request()), editId ? arrived(getDirectory.request(editId)) : null, editId)
  if (!form?.data) return null
  const title = createPageTitle(target)
  return pageTree(
    page,
    <BookCreateView
      title={title}
      state={createStateOf(arrivedState(form, (data) => data!))}
      form={form.data.initial}
      errors={{}}
      saving={false}
      uploading={false}
      change={waitForReact}
      onUploadingChange={waitForReact}
      onSave={waitForReact}
      onRetry={waitForReact}
      onBack={waitForReact}
    />,
  )
})
