import { createContext, useContext } from 'react'

/**
 * The page's title as its descriptor says it (page.ts `title`, or `titleFor` of the URL's query), given
 * by mountPage (shared/app/page-tree.tsx) to every PageShell and open-in-app screen of the page, so no
 * page writes its title again.
 */
export const PageTitle = createContext('')

/** The title of the page being rendered. */
export function usePageTitle(): string {
  return useContext(PageTitle)
}
