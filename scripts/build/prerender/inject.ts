/**
 * Puts prerendered markup into a built page's `<div id="root"></div>`. Pure string work, so it can be
 * tested without a build.
 */

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

const EMPTY_ROOT = '<div id="root"></div>'
/** What React's server renderer hoists to the front of a partial render: `<title>`, `<meta>`, `<link>`. */
const HOISTABLE = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/

/** True when `html` has the empty root the pages' index.html files start with. */
export function hasEmptyRoot(html: string): boolean {
  return html.includes(EMPTY_ROOT)
}

/**
 * Splits the hoisted tags off the front of React's markup. On the client React puts them in <head>
 * itself; left inside #root they would be nodes the hydration does not expect.
 */
export function splitHoisted(markup: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = []
  let body = markup
  for (let m = HOISTABLE.exec(body); m; m = HOISTABLE.exec(body)) {
    hoisted.push(m[0])
    body = body.slice(m[0].length)
  }
  return { hoisted, body }
}

/**
 * `html` with `markup` inside its root. Hoisted `<link>`/`<meta>` tags (an image preload) go to the end
 * of <head>; a hoisted `<title>` is dropped, since the page's HTML has its own. `after` goes right after
 * the root (the frame's guard script). Throws when the root is not the empty `<div id="root"></div>`.
 */
export function injectMarkup(html: string, markup: string, mode: PrerenderMode, after = ''): string {
  const at = html.indexOf(EMPTY_ROOT)
  if (at < 0) throw new Error('no empty <div id="root"></div> in the page HTML')
  const { hoisted, body } = splitHoisted(markup)
  let out = html.slice(0, at) + `<div id="root" ${MODE_ATTRIBUTE}="${mode}">${body}</div>${after}` + html.slice(at + EMPTY_ROOT.length)
  const head = hoisted.filter((tag) => !tag.startsWith('<title')).join('')
  const headEnd = out.indexOf('</head>')
  if (head && headEnd >= 0) out = out.slice(0, headEnd) + head + out.slice(headEnd)
  return out
}
