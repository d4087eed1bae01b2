import { useState } from 'react'
import { ErrorView } from '@shared/components/error-view'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { PageShell } from '@shared/components/page-shell'
import { targetFromQuery, type CreateTarget } from './create-state'
import { FolderFormView } from './folder-form-view'
import page from './page'
import { useFolderForm } from './use-folder-form'

/** The target of the page's own URL (none outside a browser: a new folder at the top level). */
export const readTarget = () => targetFromQuery(page.query())

/** The page's title for `target`. */
export const createPageTitle = (target: CreateTarget) => (target.mode === 'edit' ? '编辑文件夹' : page.title)

/**
 * 新建文件夹 / 编辑文件夹 (/generate_book/create): `?parentId=` creates a folder under that parent,
 * `?id=` edits one. Saving returns to the list.
 */
export function BookCreatePage({ target: given }: { target?: CreateTarget }) {
  const [target] = useState(() => given ?? readTarget())
  const { state, form, errors, saving, uploading, setUploading, change, save, retry, back } = useFolderForm(target)
  const title = createPageTitle(target)

  return (
    <PageShell title={title} header={{ onBack: back }}>
      {state.status === 'loading' && <LoadingOverlay visible />}
      {state.status === 'failed' && <ErrorView message={state.msg} onRetry={retry} />}
      {state.status === 'ready' && (
        <FolderFormView
          form={form}
          options={state.options}
          errors={errors}
          saving={saving}
          uploading={uploading}
          change={change}
          onUploadingChange={setUploading}
          onSave={() => void save()}
        />
      )}
    </PageShell>
  )
}
