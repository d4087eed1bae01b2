/**
 * Data in parallel with code (issue 7): for a page whose first view needs an API call, the build inlines
 * a small script in its <head> that starts that call while the bundle downloads. The script is
 * shared/http/prefetch-start.ts bundled on its own, so it uses the http module's own base-URL and
 * header rules; the page's request takes the reply (shared/http/prefetch.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build, type ResolvedConfig, type Rolldown } from 'vite'
import type { PrefetchRule } from '../../shared/http/prefetch-start.ts'

/**
 * Both share pages: the cover (the LCP element) is preloaded as soon as the reply names it. Not the
 * viewer chunk: the cover draws without it, and it loads once the cover picture is in.
 */
const SHARE: readonly PrefetchRule[] = [
  { path: '/v1/share/uar', query: { r: 'text' }, needsToken: false, preloadImage: 'data.imageUrl' },
]

/** The requests each page makes as it starts, keyed by route (contracts/api.md). */
export const PREFETCH_RULES: Readonly<Record<string, readonly PrefetchRule[]>> = {
  recorded_share: SHARE,
  word_share: SHARE,
  'generate_book/list': [{ path: '/v1/directory/:id', query: { id: 'id' }, needsToken: true }],
  // The form's choices, and the folder being edited (?id=; a new folder, ?parentId=, asks for none).
  'generate_book/create': [
    { path: '/v1/bookCreation/options', query: {}, needsToken: true },
    { path: '/v1/directory/:id', query: { id: 'requiredId' }, needsToken: true },
  ],
  space_upgrade: [
    { path: '/v1/user/myCapacity', query: {}, needsToken: true },
    { path: '/v1/goods/spaces', query: {}, needsToken: true },
  ],
}

const GLOBAL = '__kidsPrefetchStart'

/** Bundles prefetch-start.ts into a minified IIFE (the build's aliases, env and target). */
export async function buildPrefetchScript(config: ResolvedConfig, repoRoot: string): Promise<string> {
  const out = (await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'warn',
    define: config.define,
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      minify: true,
      target: config.build.target,
      lib: { entry: resolve(repoRoot, 'shared/http/prefetch-start.ts'), formats: ['iife'], name: GLOBAL },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = (Array.isArray(out) ? out[0]! : out).output.find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('prefetch: the bundle has no code')
  return chunk.code
}

/** The inline script for `rules`: its `var` stays inside a function, and `</script` cannot end it early. */
export function prefetchTag(code: string, rules: readonly PrefetchRule[]): string {
  const starts = rules.map((rule) => `${GLOBAL}.startPrefetch(${JSON.stringify(rule)})`).join(';')
  const body = `(function(){${code.trim()};\n${starts}})()`
  return `<script>${body.replace(/<\/(script)/gi, '<\\/$1')}</script>`
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
 * Whether the page's largest paint can come from its early reply alone (a rule with `preloadImage`:
 * the share cover's picture). Then the reply and the picture must not wait for sockets and bandwidth
 * behind the dozen small chunks: their modulepreload links go at low priority (the entry script keeps
 * its own), which on HTTP/1.1 (six connections per host) lets the API request and the picture go first.
 */
export function paintsFromReply(rules: readonly PrefetchRule[]): boolean {
  return rules.some((rule) => rule.preloadImage !== undefined)
}
