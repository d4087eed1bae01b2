/**
 * Puts prerendered markup into a built page's `<div id="root"></div>`, through the HTML parser
 * (scripts/build/html/html-edit.ts). Works on strings, so it can be tested without a build.
 */
import { parseFragment } from 'parse5'
import { attr, HtmlEdit } from '../html/html-edit.ts'

/**
 * How the client treats the markup (read by shared/app/mount-page.tsx from `data-prerendered`):
 * - `hydrate`: the frame rendered without reading any browser global, so the first client render is
 *   the same: React hydrates it (keeps the DOM, attaches handlers);
 * - `replace`: the render read browser globals (the URL, the user agent) but gave the same markup for
 *   every probed URL: it is shown until the client's first commit replaces it (no hydration, so a
 *   difference can never be a mismatch).
 */
export type PrerenderMode = 'hydrate' | 'replace'

/** The attribute mount-page reads. */
export const MODE_ATTRIBUTE = 'data-prerendered'

/** What React's server renderer hoists to the front of a partial render. */
const HOISTABLE = new Set(['title', 'meta', 'link'])

/** The page's `<div id="root">` as written, if it is empty (as the pages' index.html files start). */
function emptyRoot(doc: HtmlEdit) {
  const root = doc.find((el) => el.tagName === 'div' && attr(el, 'id') === 'root')
  return root && root.childNodes.length === 0 && doc.endTagAt(root) !== null ? root : null
}

/** True when `html` has the empty root the pages' index.html files start with. */
export function hasEmptyRoot(html: string): boolean {
  return emptyRoot(new HtmlEdit(html)) !== null
}

/**
 * Splits the hoisted tags off the front of React's markup. On the client React puts them in <head>
 * itself; left inside #root they would be nodes the hydration does not expect.
 */
export function splitHoisted(markup: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = []
  let at = 0
  for (const node of parseFragment(markup, { sourceCodeLocationInfo: true }).childNodes) {
    if (!('tagName' in node) || !HOISTABLE.has(node.tagName) || node.sourceCodeLocation?.startOffset !== at) break
    at = node.sourceCodeLocation.endOffset
    hoisted.push(markup.slice(node.sourceCodeLocation.startOffset, at))
  }
  return { hoisted, body: markup.slice(at) }
}

/**
 * `html` with `markup` inside its root. Hoisted `<link>`/`<meta>` tags (an image preload) go to the end
 * of <head>; a hoisted `<title>` is dropped, since the page's HTML has its own. `after` goes right after
 * the root (the frame's guard script). Throws when the root is not the empty `<div id="root"></div>`.
 */
export function injectMarkup(html: string, markup: string, mode: PrerenderMode, after = ''): string {
  const doc = new HtmlEdit(html)
  const root = emptyRoot(doc)
  if (!root) throw new Error('no empty <div id="root"></div> in the page HTML')
  const { hoisted, body } = splitHoisted(markup)
  doc.replace(root, `<div id="root" ${MODE_ATTRIBUTE}="${mode}">${body}</div>${after}`)
  const tags = hoisted.filter((tag) => !tag.startsWith('<title')).join('')
  const head = doc.find((el) => el.tagName === 'head')
  const headEnd = head && doc.endTagAt(head)
  if (tags && headEnd !== null && headEnd !== undefined) doc.insertAt(headEnd, tags)
  return doc.toString()
}
