/**
 * Vite plugin: each page's `<title>`, description and Open Graph tags (issue 15), from its descriptor
 * (pages/<route>/page.ts: `title`, `description`): the page's index.html holds no copy of them. A page
 * without a description gets the brand's. The image is the brand's share cover (`public/share-cover.png`),
 * as an absolute URL on the pages' origin, as Open Graph requires. A page added later is covered without
 * doing anything.
 */
import { dirname, relative } from 'node:path'
import type { HtmlTagDescriptor, Plugin } from 'vite'
import type { PageDescriptor } from '../../shared/app/define-page.ts'
import { BRAND } from '../../shared/config/brand.ts'
import { routeOfFolder } from './routes.ts'

/** The share image in public/ (not hashed: give a changed image a new name). */
export const SHARE_IMAGE_PATH = '/share-cover.png'

/** The head tags of a page titled `title`, described by `description` (default the brand's). */
export function pageMetaTags({ title, description }: { title: string; description?: string | undefined }): HtmlTagDescriptor[] {
  const text = description ?? BRAND.description
  const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head' })
  return [
    { tag: 'title', children: escapeText(title), injectTo: 'head' },
    meta({ name: 'description', content: text }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: BRAND.appName }),
    meta({ property: 'og:title', content: title }),
    meta({ property: 'og:description', content: text }),
    meta({ property: 'og:image', content: `${BRAND.pageOrigin}${SHARE_IMAGE_PATH}` }),
  ]
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)

/** `pages`: route → its descriptor; `pagesDir`: the folder of the routes (pages/). */
export function pageMeta(pagesDir: string, pages: ReadonlyMap<string, PageDescriptor>): Plugin {
  return {
    name: 'kids-english:page-meta',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        const route = routeOfFolder(relative(pagesDir, dirname(ctx.filename)))
        const page = pages.get(route)
        if (!page) throw new Error(`${ctx.filename}: no page.ts describes route /${route}`)
        if (/<title>|<meta\s+name="description"/i.test(html))
          throw new Error(`${ctx.filename}: its <title> and description come from its page.ts; remove them from index.html`)
        return pageMetaTags(page)
      },
    },
  }
}
