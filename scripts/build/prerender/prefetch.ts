/**
 * Data in parallel with code (issue 7): for a page whose first view needs the API (its page.ts
 * `firstRequests`), the build inlines a small script in its <head> that starts those GETs while the
 * bundle downloads. The script is the page's own descriptor bundled with shared/app/first-requests.ts:
 * the query parsed by the page's own parsers, each request made by the shared/api endpoint the page
 * calls (`getDirectory.request(id)`), the http module's own base-URL and header rules. The endpoints'
 * sender is swapped for a stub (scripts/build/pages/no-send.ts): no axios, no React. The page's request then
 * takes the reply (shared/http/prefetch.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build, parseSync, type ESTree, type Plugin, type ResolvedConfig, type Rolldown } from 'vite'
import type { FirstRequest } from '../../../shared/app/define-page.ts'
import { PAGE_CODE_TEMPLATE } from '../../../shared/config/page-start.ts'
import { noSend, pageFile } from '../pages/descriptors.ts'
import { routeFolder } from '../routes.ts'

const ENTRY = 'kids-english:first-requests'

/**
 * What a descriptor says that only the build reads: left out of the inline scripts (bytes on every first
 * load). The first screen keeps the title: it draws the page's header (page.ts `title`, `titleFor`).
 */
const BUILD_ONLY = ['title', 'titleFor', 'description', 'budget', 'demoLinks', 'aliases']
const FIRST_SCREEN_KEEPS = new Set(['title', 'titleFor'])

/**
 * Vite plugin: in the page's page.ts, drops the build-only fields (BUILD_ONLY) from the object passed to
 * `definePage`, so the inline script does not carry the demo links. A page.ts whose default export is
 * not `definePage({ ... })` fails the build.
 */
export function withoutBuildOnlyFields(file: string, { forFirstScreen = false } = {}): Plugin {
  const dropped = new Set(BUILD_ONLY.filter((field) => !(forFirstScreen && FIRST_SCREEN_KEEPS.has(field))))
  return {
    name: 'kids-english:descriptor-runtime-fields',
    enforce: 'pre',
    transform(code, id) {
      if (id !== file) return null
      const { program } = parseSync(file, code)
      const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration')
      const call = exported?.declaration.type === 'CallExpression' ? exported.declaration : null
      const spec = call && call.callee.type === 'Identifier' && call.callee.name === 'definePage' ? call.arguments[0] : null
      if (spec?.type !== 'ObjectExpression') throw new Error(`${file}: the default export must be definePage({ ... })`)
      const drop = spec.properties.filter(
        (p): p is ESTree.ObjectProperty => p.type === 'Property' && p.key.type === 'Identifier' && dropped.has(p.key.name),
      )
      let out = code
      // From the last: earlier offsets stay valid. The property's trailing comma goes with it.
      for (const p of [...drop].sort((a, b) => b.start - a.start)) out = out.slice(0, p.start) + out.slice(p.end).replace(/^\s*,/, '')
      return { code: out, map: null }
    },
  }
}

/** The file of a route's first screen drawn before React (issue 31), if it has one. */
export function firstScreenFile(pagesDir: string, route: string): string | null {
  const file = join(pagesDir, routeFolder(route), 'first-screen.tsx')
  return existsSync(file) ? file : null
}

interface Span {
  start: number
  end: number
}

/**
 * What the head script leaves out of a parsed module, from the last (so earlier offsets stay valid):
 * every `import(...)` expression, and the value of every `on…={…}` JSX attribute (a handler).
 */
function leftOut(node: unknown, found: Span[] = []): Span[] {
  if (Array.isArray(node)) for (const child of node) leftOut(child, found)
  else if (node && typeof node === 'object') {
    const n = node as Span & { type?: string; name?: { name?: unknown }; value?: Span & { type?: string; expression?: Span } }
    if (n.type === 'ImportExpression') found.push({ start: n.start, end: n.end })
    if (
      n.type === 'JSXAttribute' &&
      typeof n.name?.name === 'string' &&
      /^on[A-Z]/.test(n.name.name) &&
      n.value?.type === 'JSXExpressionContainer'
    ) {
      const { expression } = n.value
      if (expression) found.push({ start: expression.start, end: expression.end })
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') leftOut(value, found)
  }
  return found.sort((a, b) => b.start - a.start)
}

/** What stands for a left-out handler or import: a function that does nothing, a promise that never settles. */
const STAND_IN = { handler: '__firstScreenPending', module: 'new Promise(function () {})' }

/**
 * Vite plugin for a head script with a first screen (issue 31): `react` is the one-render stand-in
 * (shared/first-screen/one-render.ts), `react-dom/client` a module with nothing in it the first screen
 * calls (no-react-dom.ts), every `import(...)` a promise that never settles, and every handler in a
 * component's JSX (`onClick={…}`) a function that does nothing. The head script runs no effect, ref or
 * handler, which is where the components mount overlays, load chunks or call the host: without the
 * handlers, what only they use (the toast, the clipboard, the app link) is left out of every page's
 * HTML. A control that had a handler still has one, so it is drawn pending (to-dom.ts).
 */
function firstScreenOnly(repoRoot: string): Plugin {
  const stand = (file: string) => resolve(repoRoot, 'shared/first-screen', file)
  const ours = (id: string) => id.startsWith(repoRoot) && !id.includes('/node_modules/') && /\.tsx?$/.test(id)
  return {
    name: 'kids-english:first-screen-only',
    enforce: 'pre',
    resolveId: (source) => (source === 'react' ? stand('one-render.ts') : source === 'react-dom/client' ? stand('no-react-dom.ts') : null),
    transform(code, id) {
      if (!ours(id)) return null
      const spans = leftOut(parseSync(id, code).program)
      if (!spans.length) return null
      let out = code
      for (const { start, end } of spans) {
        const isImport = out.slice(start, start + 6) === 'import'
        out = `${out.slice(0, start)}${isImport ? STAND_IN.module : STAND_IN.handler}${out.slice(end)}`
      }
      if (out.includes(STAND_IN.handler)) out = `const ${STAND_IN.handler} = () => {};\n${out}`
      return { code: out, map: null }
    },
  }
}

/**
 * Bundles the page descriptor of `route` with the prefetch runtime into a minified IIFE (the build's
 * aliases, env and target) that starts the page's first requests; `modulepreload`: the page's lazy
 * chunks, added as a request with `preloadLazy` starts; `keeps`: a request keeps its reply for the next
 * open (keepsReplies).
 */
export async function buildPrefetchScript(
  config: ResolvedConfig,
  repoRoot: string,
  pagesDir: string,
  route: string,
  modulepreload: readonly string[],
  { keeps = false }: { keeps?: boolean } = {},
): Promise<string> {
  // The kept-replies code only in the HTML of a page that keeps a reply (keepsReplies): not every page's bytes.
  const code =
    `import page from ${JSON.stringify(pageFile(pagesDir, route))}\n` +
    `import { startFirstRequests } from ${JSON.stringify(resolve(repoRoot, 'shared/app/first-requests.ts'))}\n` +
    (keeps
      ? `import { readKept, writeKept } from ${JSON.stringify(resolve(repoRoot, 'shared/http/kept-replies.ts'))}\n` +
        `startFirstRequests(page, ${JSON.stringify(modulepreload)}, { read: readKept, write: writeKept })\n`
      : `startFirstRequests(page, ${JSON.stringify(modulepreload)})\n`)
  return bundleIife(config, route, code, [noSend(), withoutBuildOnlyFields(pageFile(pagesDir, route))])
}

/**
 * Bundles the page's first screen (issue 31: `pages/<route>/first-screen.tsx`, the page's own
 * components) with the painter (shared/first-screen/paint.ts) into a minified IIFE for the end of the
 * page's <body>: it runs once the frame is parsed, and draws the first screen from the early replies
 * the head script started, as they come. Apart from the head script, so the request is not held back
 * behind these bytes.
 */
export async function buildFirstScreenScript(
  config: ResolvedConfig,
  repoRoot: string,
  pagesDir: string,
  route: string,
  firstScreen: string,
): Promise<string> {
  const code =
    `import page from ${JSON.stringify(pageFile(pagesDir, route))}\n` +
    `import screen from ${JSON.stringify(firstScreen)}\n` +
    `import { paintFirstScreen } from ${JSON.stringify(resolve(repoRoot, 'shared/first-screen/paint.ts'))}\n` +
    `paintFirstScreen(page, screen, { parsed: true })\n`
  return bundleIife(config, route, code, [
    noSend(),
    withoutBuildOnlyFields(pageFile(pagesDir, route), { forFirstScreen: true }),
    firstScreenOnly(repoRoot),
  ])
}

/** `code` and what it imports as one minified IIFE, with the build's aliases, env, base, CSS modules and target. */
async function bundleIife(config: ResolvedConfig, route: string, code: string, plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'kids-english:first-requests-entry',
    resolveId: (source) => (source === ENTRY ? `\0${ENTRY}` : null),
    load: (id) => (id === `\0${ENTRY}` ? code : null),
  }
  const out = (await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'warn',
    define: config.define,
    base: config.base,
    css: config.css,
    plugins: [entry, ...plugins],
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      minify: true,
      target: config.build.target,
      assetsInlineLimit: config.build.assetsInlineLimit,
      // The CSS of the drawn components is already in the page's HTML (inline-css.ts): not in its script.
      cssCodeSplit: false,
      rolldownOptions: { input: ENTRY, output: { format: 'iife', codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = (Array.isArray(out) ? out[0]! : out).output.find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error(`prefetch: the bundle of /${route} has no code`)
  return chunk.code
}

/**
 * The inline script of `code` (from buildPrefetchScript or buildFirstScreenScript, an IIFE), named by
 * `data-inline` (the budgets count each: scripts/build/page-weight.ts): `</script` cannot end it early.
 */
export function prefetchTag(code: string, name: InlineScript = 'early-requests'): string {
  return `<script data-inline="${name}">${code.trim().replace(/<\/(script)/gi, '<\\/$1')}</script>`
}

/** The build's inline scripts a page's budget counts: the early requests in <head>, the first screen in <body>. */
export type InlineScript = 'early-requests' | 'first-screen'

/**
 * Adds the tag to <head> of `file`, before the page's module script and its modulepreload links: the
 * browser then asks for the data first, before the dozen scripts that would otherwise take every
 * connection (HTTP/1.1 allows six per host) and leave the API request queued behind them. At the end of
 * <head> when there is no module script. Returns false when the file has no </head>.
 */
export function addToHead(file: string, tag: string, { lowPreloads = false } = {}): boolean {
  const html = readFileSync(file, 'utf8')
  const end = html.indexOf('</head>')
  if (end < 0) return false
  const script = html.slice(0, end).search(/<script type="module"|<link rel="modulepreload"/)
  const at = script >= 0 ? script : end
  let head = html.slice(at, end)
  if (lowPreloads) head = head.replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
  writeFileSync(file, html.slice(0, at) + tag + head + html.slice(end))
  return true
}

/** The tags of the page's code in a built HTML: its entry script and the modulepreload links of its chunks. */
const CODE_TAG = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g

/**
 * Moves the page's code tags (CODE_TAG) from <head> of `file` to the end of <body>, after its frame and
 * its first screen script: the browser then asks for the page's code once it has the whole HTML, not
 * while the HTML's frame is still arriving. On a slow network the two would share the bandwidth (the
 * page's chunks are ten times the HTML), and what the reader sees first, the frame and its text, would
 * arrive last. A module script runs after the document is parsed wherever it stands. Returns false when
 * the file has no <head> or </body>.
 */
export function moveCodeToEnd(file: string): boolean {
  const page = codeTagsOf(file)
  if (!page) return false
  if (page.tags.length) writeFileSync(file, page.head + page.body + page.tags.join('\n') + page.end)
  return true
}

/** `file` cut for moving its code tags: <head> without them, <body> up to `</body>`, the rest, and the tags. */
function codeTagsOf(file: string): { head: string; body: string; end: string; tags: string[] } | null {
  const html = readFileSync(file, 'utf8')
  const headEnd = html.indexOf('</head>')
  const bodyEnd = html.lastIndexOf('</body>')
  if (headEnd < 0 || bodyEnd < 0) return null
  const head = html.slice(0, headEnd)
  const tags = [...head.matchAll(CODE_TAG)].map((m) => m[0].trim())
  return { head: head.replace(CODE_TAG, ''), body: html.slice(headEnd, bodyEnd), end: html.slice(bodyEnd), tags }
}

/**
 * Holds back the page's code in `file` (a page whose first screen is drawn before React, issue 31):
 * its tags (CODE_TAG) move into `<template id="page-code">` at the end of <body>, the entry script as
 * `<link rel="modulepreload" data-entry>`, where the browser neither fetches nor runs them (the
 * deploy still finds them: scripts/delivery/html-refs.ts reads every `href`). On a phone the page's
 * code would take the bandwidth (and, over HTTP/1.1, the sockets) the early reply and its picture need,
 * and evaluating it is one long task in which no reply can be drawn: the first screen would come with
 * React, not before it. The first screen starts it once its replies are in and drawn
 * (shared/first-screen/paint.ts), or the HTML after ENTRY_CAP_MS (scripts/build/entry-watchdog.ts).
 * Returns false when the file has no entry script.
 */
export function deferEntry(file: string): boolean {
  const page = codeTagsOf(file)
  const tags = page?.tags ?? []
  const entry = tags.findIndex((tag) => tag.startsWith('<script'))
  const src = entry < 0 ? undefined : /\ssrc="([^"]+)"/.exec(tags[entry]!)?.[1]
  if (!page || !src) return false
  tags[entry] = `<link rel="modulepreload"${/\scrossorigin\b/.test(tags[entry]!) ? ' crossorigin' : ''} href="${src}" data-entry>`
  const template = `<template id="${PAGE_CODE_TEMPLATE}">${tags.join('')}</template>`
  // The first paint waits for the parser to pass the first screen's script (just before the template):
  // when the replies are in by then, the page is drawn once, with them, instead of its frame laid out
  // and painted first and again a moment later. (Chromium; other engines paint the frame as before.)
  const expect = `<link rel="expect" href="#${PAGE_CODE_TEMPLATE}" blocking="render">`
  writeFileSync(file, page.head + expect + page.body + template + page.end)
  return true
}

/** Adds the tag at the end of <body> of `file` (after #root and its guard). Returns false when it has no </body>. */
export function addToBody(file: string, tag: string): boolean {
  const html = readFileSync(file, 'utf8')
  const end = html.lastIndexOf('</body>')
  if (end < 0) return false
  writeFileSync(file, html.slice(0, end) + tag + html.slice(end))
  return true
}

/**
 * Whether the page's largest paint can come from its early reply alone (a first request in its page.ts
 * with `preloadImage`: the share cover's picture). Then the reply and the picture must not wait for sockets and bandwidth
 * behind the dozen small chunks: their modulepreload links go at low priority (the entry script keeps
 * its own), which on HTTP/1.1 (six connections per host) lets the API request and the picture go first.
 */
export function paintsFromReply(requests: readonly Pick<FirstRequest, 'preloadImage'>[]): boolean {
  return requests.some((request) => request.preloadImage !== undefined)
}

/** Whether a first request keeps its reply for the page's next open (FirstRequest.keep, shared/http/kept-replies.ts). */
export function keepsReplies(requests: readonly Pick<FirstRequest, 'keep'>[]): boolean {
  return requests.some((request) => request.keep === true)
}
