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
 * chunks, added as a request with `preloadLazy` starts.
 */
export async function buildPrefetchScript(
  config: ResolvedConfig,
  repoRoot: string,
  pagesDir: string,
  route: string,
  modulepreload: readonly string[],
): Promise<string> {
  const code =
    `import page from ${JSON.stringify(pageFile(pagesDir, route))}\n` +
    `import { startFirstRequests } from ${JSON.stringify(resolve(repoRoot, 'shared/http/prefetch-start.ts'))}\n` +
    `startFirstRequests(page, ${JSON.stringify(modulepreload)})\n`
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

/** Adds the tag at the end of <head> of `file`. Returns false when the file has no </head>. */
export function addToHead(file: string, tag: string): boolean {
  const html = readFileSync(file, 'utf8')
  const at = html.indexOf('</head>')
  if (at < 0) return false
  writeFileSync(file, html.slice(0, at) + tag + html.slice(at))
  return true
}
