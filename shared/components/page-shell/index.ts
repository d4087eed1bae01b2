export { PageShell, type PageShellProps } from './page-shell'
export { PageTitle, usePageTitle } from './page-title'
