/**
 * Vite plugin: the description and Open Graph tags of every page's HTML (issue 15), from what the page's
 * index.html says: its `<title>` and its `<meta name="description">`. A page without a description gets
 * the brand's. The image is the brand's share cover (`public/share-cover.png`), as an absolute URL on the
 * pages' origin, as Open Graph requires. A page added later is covered without doing anything.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite'
import { BRAND } from '../shared/config/brand.ts'

/** The share image in public/ (not hashed: give a changed image a new name). */
export const SHARE_IMAGE_PATH = '/share-cover.png'

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!)

/** The page's title and description as its HTML writes them (entities decoded); null when missing. */
export function readPageMeta(html: string): { title: string | null; description: string | null } {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim()
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1]?.trim()
  return { title: title ? decode(title) : null, description: description ? decode(description) : null }
}

/** The tags to add to a page whose HTML is `html`. */
export function pageMetaTags(html: string): HtmlTagDescriptor[] {
  const { title, description } = readPageMeta(html)
  const text = description ?? BRAND.description
  const meta = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'meta', attrs, injectTo: 'head' })
  return [
    ...(description ? [] : [meta({ name: 'description', content: text })]),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: BRAND.appName }),
    meta({ property: 'og:title', content: title ?? BRAND.appName }),
    meta({ property: 'og:description', content: text }),
    meta({ property: 'og:image', content: `${BRAND.pageOrigin}${SHARE_IMAGE_PATH}` }),
  ]
}

export function pageMeta(): Plugin {
  return {
    name: 'kids-english:page-meta',
    transformIndexHtml: { order: 'pre', handler: (html) => pageMetaTags(html) },
  }
}
