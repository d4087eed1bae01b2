/**
 * Data in parallel with code (issue 7): for a page whose first view needs the API (its page.ts
 * `firstRequests`), the build inlines a small script in its <head> that starts those GETs while the
 * bundle downloads. The script is the page's own descriptor bundled with shared/app/first-requests.ts:
 * the query parsed by the page's own parsers, each request made by the shared/api endpoint the page
 * calls (`getDirectory.request(id)`), the http module's own base-URL and header rules. The endpoints'
 * sender is swapped for a stub (scripts/build/pages/no-send.ts): no axios, no React. The page's request then
 * takes the reply (shared/http/prefetch.ts).
 */
import { resolve } from 'node:path'
import { parseSync, type ESTree, type Plugin, type ResolvedConfig } from 'vite'
import type { FirstRequest } from '../../../shared/app/define-page.ts'
import { bundleIife } from '../bundle-iife.ts'
import { noSend, pageFile } from '../pages/descriptors.ts'

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
      ? `import { keptScope, readKept, writeKept } from ${JSON.stringify(resolve(repoRoot, 'shared/http/kept-replies.ts'))}\n` +
        `startFirstRequests(page, ${JSON.stringify(modulepreload)}, { read: readKept, write: writeKept, scope: keptScope })\n`
      : `startFirstRequests(page, ${JSON.stringify(modulepreload)})\n`)
  return bundleIife(config, code, {
    name: `the head script of /${route}`,
    plugins: [noSend(), withoutBuildOnlyFields(pageFile(pagesDir, route))],
  })
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
