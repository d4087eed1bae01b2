import { ErrorView } from '@shared/components/error-view'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { PageShell } from '@shared/components/page-shell'
import type { CreateState } from './create-state'
import { FolderFormView, type FolderFormViewProps } from './folder-form-view'

/** Props of {@link BookCreateView}. */
export interface BookCreateViewProps extends Omit<FolderFormViewProps, 'options'> {
  title: string
  state: CreateState
  onRetry: () => void
  onBack: () => void
}

/**
 * What 新建文件夹 / 编辑文件夹 shows for its load: loading, the error view, or the form. Drawn by the page
 * (book-create-page.tsx) and, before React, by its HTML's head script (first-screen.tsx).
 */
export function BookCreateView({ title, state, onRetry, onBack, ...form }: BookCreateViewProps) {
  return (
    <PageShell title={title} header={{ onBack }}>
      {state.status === 'loading' && <LoadingOverlay visible />}
      {state.status === 'failed' && <ErrorView message={state.msg} onRetry={onRetry} final={state.final} />}
      {state.status === 'ready' && <FolderFormView options={state.options} {...form} />}
    </PageShell>
  )
}
