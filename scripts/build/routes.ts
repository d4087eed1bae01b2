/**
 * Route discovery for the multi-page build: every folder under `pages/` that holds an
 * `index.html` is a route. Adding a folder adds a page; nothing else needs registering.
 * Used by vite.config.ts (build inputs, dev rewrites) and the tests. Aliases (`/wechat` for home) are
 * declared by the page they show (its page.ts `aliases`).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** The folder under pages/ that holds the home page (route `''`, served at `/`). */
export const HOME_FOLDER = 'home'

/**
 * Lists the routes under `pagesDir` as slash-separated paths without leading or trailing slash:
 * `''` for the home page, `'generate_book/list'` for `pages/generate_book/list/index.html`.
 */
export function discoverRoutes(pagesDir: string): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'index.html'))) {
      const folder = relative(pagesDir, dir).split(sep).join('/')
      routes.push(folder === HOME_FOLDER ? '' : folder)
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.')) {
        walk(join(dir, entry.name))
      }
    }
  }
  walk(pagesDir)
  return routes.sort()
}

/** The route of a page folder (relative to pages/, either separator): `home` → `''`. */
export function routeOfFolder(folder: string): string {
  const path = folder.split(sep).join('/')
  return path === HOME_FOLDER ? '' : path
}

/** The page folder (relative to pages/) of a route. */
export function routeFolder(route: string): string {
  return route === '' ? HOME_FOLDER : route
}

/**
 * Maps a request path to the route whose page it shows, or `null` when it is no route.
 * `/recorded_share`, `/recorded_share/` and `/recorded_share/index.html` all map to `recorded_share`.
 * @param aliases alias → the route it shows (`{ wechat: '' }`)
 */
export function resolveRoute(pathname: string, routes: readonly string[], aliases: Readonly<Record<string, string>> = {}): string | null {
  let path = pathname.replace(/\/index\.html$/, '/').replace(/^\/+|\/+$/g, '')
  if (Object.hasOwn(aliases, path)) path = aliases[path]!
  return routes.includes(path) ? path : null
}
