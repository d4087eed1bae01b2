/**
 * Vite plugin `signedInMount()`: a page's main.tsx imports `mountPage` from `@shared/app/mount-page`; for a
 * route whose page.ts says `signedIn`, this resolves that import to `shared/app/mount-signed-in-page.tsx`,
 * which wraps the page in the open-in-app screen outside the app. The descriptor decides, once; only the
 * signed-in pages carry the screen's code.
 */
import { dirname, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import type { PageDescriptor } from '../../shared/app/define-page.ts'
import { routeOfFolder } from './routes.ts'

export function signedInMount(repoRoot: string, pagesDir: string, pages: ReadonlyMap<string, PageDescriptor>): Plugin {
  const signedIn = resolve(repoRoot, 'shared/app/mount-signed-in-page.tsx')
  // As written, or as Vite's alias step (which runs first) has already rewritten it.
  const mountPage = new Set([
    '@shared/app/mount-page',
    resolve(repoRoot, 'shared/app/mount-page'),
    resolve(repoRoot, 'shared/app/mount-page.tsx'),
  ])
  return {
    name: 'kids-english:signed-in-mount',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!mountPage.has(source) || !importer || !importer.startsWith(pagesDir)) return null
      const route = routeOfFolder(relative(pagesDir, dirname(importer)))
      return pages.get(route)?.signedIn ? signedIn : null
    },
  }
}
