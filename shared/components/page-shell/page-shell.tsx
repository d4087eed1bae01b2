import type { ReactNode } from 'react'
import { ErrorBoundary } from '../error-boundary'
import { HeaderBar, type HeaderBarProps } from '../header-bar'
import { PageContainer } from '../page-container'
import { usePageTitle } from './page-title'

/** Props of {@link PageShell}. */
export interface PageShellProps {
  /** The header title and the document title; default the page's own (page.ts, through mountPage). */
  title?: string
  /** Header options merged over `{ title }`, or `false` for no header (a page that draws its own top bar). */
  header?: Partial<HeaderBarProps> | false
  /** 500 px column instead of 800 px. */
  narrow?: boolean
  children?: ReactNode
}

/** The frame every page uses: header bar, then the page inside an error boundary, in the page column. */
export function PageShell({ title: given, header = {}, narrow = false, children }: PageShellProps) {
  const own = usePageTitle()
  const title = given ?? own
  return (
    <PageContainer narrow={narrow}>
      {/* React 19 hoists this into <head>; WebViews show it in their native title bar. */}
      <title>{title}</title>
      {header !== false && <HeaderBar title={title} {...header} />}
      <main>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
    </PageContainer>
  )
}
