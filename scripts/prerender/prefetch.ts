/**
 * Data in parallel with code (issue 7): for a page whose first view needs the API (its page.ts
 * `firstRequests`), the build inlines a small script in its <head> that starts those GETs while the
 * bundle downloads. The script is the page's own descriptor bundled with shared/http/prefetch-start.ts:
 * the query parsed by the page's own parsers, each request made by the shared/api endpoint the page
 * calls (`getDirectory.request(id)`), the http module's own base-URL and header rules. The endpoints'
 * sender is swapped for a stub (scripts/pages/no-send.ts): no axios, no React. The page's request then
 * takes the reply (shared/http/prefetch.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build, parseSync, type ESTree, type Plugin, type ResolvedConfig, type Rolldown } from 'vite'
import type { FirstRequest } from '../../shared/app/define-page.ts'
import { noSend, pageFile } from '../pages/descriptors.ts'

const ENTRY = 'kids-english:first-requests'

/** What a descriptor says that only the build reads: left out of the inline script (bytes on every first load). */
const BUILD_ONLY = new Set(['title', 'demoLinks', 'aliases'])

/**
 * Vite plugin: in the page's page.ts, drops the build-only fields (BUILD_ONLY) from the object passed to
 * `definePage`, so the inline script does not carry the demo links. A page.ts whose default export is
 * not `definePage({ ... })` fails the build.
 */
export function withoutBuildOnlyFields(file: string): Plugin {
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
        (p): p is ESTree.ObjectProperty => p.type === 'Property' && p.key.type === 'Identifier' && BUILD_ONLY.has(p.key.name),
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
  { keeps = false } = {},
): Promise<string> {
  // The kept-replies code only in the HTML of a page that keeps a reply (keepsReplies): not every page's bytes.
  const code =
    `import page from ${JSON.stringify(pageFile(pagesDir, route))}\n` +
    `import { startFirstRequests } from ${JSON.stringify(resolve(repoRoot, 'shared/http/prefetch-start.ts'))}\n` +
    (keeps
      ? `import { readKept, writeKept } from ${JSON.stringify(resolve(repoRoot, 'shared/http/kept-replies.ts'))}\n` +
        `startFirstRequests(page, ${JSON.stringify(modulepreload)}, { read: readKept, write: writeKept })\n`
      : `startFirstRequests(page, ${JSON.stringify(modulepreload)})\n`)
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
    plugins: [entry, noSend(), withoutBuildOnlyFields(pageFile(pagesDir, route))],
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      minify: true,
      target: config.build.target,
      rolldownOptions: { input: ENTRY, output: { format: 'iife', codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = (Array.isArray(out) ? out[0]! : out).output.find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error(`prefetch: the bundle of /${route} has no code`)
  return chunk.code
}

/** The inline script of `code` (from buildPrefetchScript, an IIFE): `</script` cannot end it early. */
export function prefetchTag(code: string): string {
  return `<script>${code.trim().replace(/<\/(script)/gi, '<\\/$1')}</script>`
}

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
