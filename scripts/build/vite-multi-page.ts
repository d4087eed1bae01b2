/**
 * Vite plugin for the multi-page layout (no third-party MPA plugin: see README, "Design").
 * - dev: `/route` and `/route/` serve `pages/route/index.html`; aliases (/wechat, /app, /about_app)
 *   serve the home page; any other path that is neither a file nor a route is a 404.
 * - build: moves the home page to `dist/index.html` and writes `dist/<alias>/index.html` copies of it.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite'
import { HOME_FOLDER, resolveRoute, routeFolder } from './routes.ts'

export interface MultiPageOptions {
  pagesDir: string
  routes: string[]
  /** Alias → the route it shows (from the pages' descriptors: home's `aliases`). */
  aliases: Readonly<Record<string, string>>
}

const HEAD_TAGS: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' }, injectTo: 'head-prepend' },
  // No maximum-scale or user-scalable=no: a reader must be able to zoom (WCAG 1.4.4, issue 16).
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
    injectTo: 'head-prepend',
  },
  { tag: 'meta', attrs: { name: 'format-detection', content: 'telephone=no' }, injectTo: 'head' },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#ffffff' }, injectTo: 'head' },
  { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
]

const NON_PAGE = /^\/(@|node_modules\/|__|assets\/|media\/|images\/|v1\/|uploads\/)|\.[a-z0-9]+$/i

export function multiPage({ routes, aliases }: MultiPageOptions): Plugin {
  return {
    name: 'kids-english:multi-page',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost')
        if (NON_PAGE.test(url.pathname) && !url.pathname.endsWith('/index.html')) return next()
        const route = resolveRoute(url.pathname, routes, aliases)
        if (route === null) {
          res.statusCode = 404
          res.setHeader('Content-Type', 'text/plain; charset=utf-8')
          res.end('404 页面不存在')
          return
        }
        req.url = `/${routeFolder(route)}/index.html${url.search}`
        next()
      })
    },
    // Every page shares one <head> preamble; each index.html carries only its title and entry.
    transformIndexHtml: {
      order: 'pre',
      handler: () => HEAD_TAGS,
    },
    // order 'post': Vite 8 adds the HTML files to the bundle in its own generateBundle, after normal plugins.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // The home page lives in pages/home/ but is served at / (dist/index.html).
        const home = bundle[`${HOME_FOLDER}/index.html`]
        if (!home || home.type !== 'asset') return
        delete bundle[`${HOME_FOLDER}/index.html`]
        this.emitFile({ type: 'asset', fileName: 'index.html', source: home.source })
        for (const alias of Object.keys(aliases).filter((a) => aliases[a] === '')) {
          this.emitFile({ type: 'asset', fileName: `${alias}/index.html`, source: home.source })
        }
      },
    },
  }
}
