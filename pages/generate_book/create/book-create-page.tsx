import { useState } from 'react'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { BookCreateView } from './book-create-view'
import { createPageTitle, targetFromQuery, type CreateTarget } from './create-state'
import page from './page'
import { useFolderForm } from './use-folder-form'

/** The target of the page's own URL (none outside a browser: a new folder at the top level). */
export const readTarget = () => targetFromQuery(page.query())

/**
 * 新建文件夹 / 编辑文件夹 (/generate_book/create): `?parentId=` creates a folder under that parent,
 * `?id=` edits one. Saving returns to the list.
 */
export function BookCreatePage({ target: given }: { target?: CreateTarget }) {
  const [target] = useState(() => given ?? readTarget())
  const { state, form, errors, saving, uploading, setUploading, change, save, retry, back } = useFolderForm(target)
  const title = createPageTitle(target)
  useMarkReady(state.status === 'ready')

  return (
    <BookCreateView
      title={title}
      state={state}
      form={form}
      errors={errors}
      saving={saving}
      uploading={uploading}
      change={change}
      onUploadingChange={setUploading}
      onSave={() => void save()}
      onRetry={retry}
      onBack={back}
    />
  )
}
