/**
 * Inlines a prerendered page's CSS into its HTML. A frame painted before the JavaScript must not wait
 * for stylesheet requests: on the bench profile each costs a round trip and shares the pipe with the
 * bundle (an 88-byte file arrived after 340 ms). So every `<link rel="stylesheet">` becomes a `<style>`
 * in place (same cascade order), and the CSS of the page's lazy chunks follows at the end of <head>:
 * a frame may show a lazily loaded component (the brand page's variant), which must not paint unstyled.
 * Each inlined file keeps (or, if lazy, gets) a `disabled` stylesheet link: a disabled stylesheet is neither
 * applied nor fetched, and Vite's preload helper, which looks for `link[rel=stylesheet]` with that href,
 * then knows the CSS is there and does not hold the lazy component back until a second copy arrives.
 * The lazy files' links are added by a one-line script rather than written in the HTML, so the pages
 * manifest still sees those files as reached only through dynamic imports. The HTML is edited through
 * the parser (scripts/build/html/html-edit.ts).
 */
import { posix } from 'node:path'
import { attr, HtmlEdit } from '../html/html-edit.ts'

/** True when the CSS has a relative `url()` that would break once the CSS sits in the page HTML. */
export function hasRelativeUrl(css: string): boolean {
  for (const m of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)) {
    const url = m[1] ?? m[2] ?? m[3] ?? ''
    if (url && !/^(?:\/|#|data:|[a-z][a-z0-9+.-]*:)/i.test(url)) return true
  }
  return false
}

const style = (css: string, file: string) => `<style data-href="${file}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`

/**
 * `html` with its stylesheets inlined and `lazyCss` appended to <head>. `read(file)` gives a built CSS
 * file (path relative to the output directory) or null; a file that cannot be read or that has relative
 * URLs keeps its link.
 */
export function inlineCss(html: string, lazyCss: readonly string[], read: (file: string) => string | null, base = '/'): string {
  const toFile = (href: string) => (href.startsWith(base) ? posix.normalize(href.slice(base.length)) : null)
  const usable = (file: string | null) => {
    const css = file ? read(file) : null
    return css !== null && !hasRelativeUrl(css) ? css : null
  }
  const doc = new HtmlEdit(html)
  for (const link of doc.elements.filter((el) => el.tagName === 'link' && attr(el, 'rel') === 'stylesheet')) {
    const file = toFile(attr(link, 'href') ?? '')
    const css = usable(file)
    if (css === null || file === null) continue
    // The link stays where it was, disabled (its last attribute's end: the tag's own `>` or `/>` untouched).
    const last = link.attrs.at(-1)!.name
    doc.insertBefore(link, style(css, file)).insertAt(doc.attrEnd(link, last)!, ' disabled')
  }
  const lazy = lazyCss.filter((file) => usable(file) !== null)
  const styles = lazy.map((file) => style(usable(file)!, file)).join('')
  const links = lazy.length
    ? `<script>${JSON.stringify(lazy.map((file) => base + file)).replace(/</g, '\\u003c')}.forEach(function(h){var l=document.createElement("link");l.rel="stylesheet";l.disabled=true;l.href=h;document.head.appendChild(l)})</script>`
    : ''
  const head = doc.find((el) => el.tagName === 'head')
  const at = head && doc.endTagAt(head)
  if (lazy.length && at !== null && at !== undefined) doc.insertAt(at, styles + links)
  return doc.toString()
}
