/**
 * Vite plugin `prerender()`: paint before JavaScript (issue 7). After the client build is written, it
 * renders every route's page with react-dom/server from the same components (a server build in which
 * mountPage only records the element) and writes the markup into `<div id="root">` of the built HTML:
 * the header, the layout and the loading state show at first paint, before the bundle arrives.
 * decide.ts says per route whether and how (hydrate / replace / guarded / skipped); skipped routes
 * are printed with the reason and keep their HTML as built (the page renders on the client).
 * Each page is probed with the query parameters its descriptor (page.ts) declares, at their probe
 * values. A page with a frame gets its CSS inlined (inline-css.ts). A page whose descriptor lists
 * `firstRequests` also gets its early API requests (prefetch.ts).
 * Every page renders in one worker (render-worker.ts), and a route's decision is cached under a hash
 * of what decides it (decision-cache.ts: its server-build files, its probes, the prerender's own code),
 * so a build whose pages did not change renders nothing.
 * Runs before the pages manifest (writeBundle `post`), so the manifest hashes the final HTML.
 * `PRERENDER=0` turns both off (to measure the difference).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin, PluginOption, ResolvedConfig, Rolldown } from 'vite'
import { buildManifest, type ChunkInfo } from '../../delivery/asset-graph.ts'
import type { PageDescriptor } from '../../../shared/app/define-page.ts'
import { aliasesOf, describePage, probeParams, typicalQuery } from '../pages/descriptors.ts'
import { routeFolder } from '../routes.ts'
import { cachedDecision, decisionKey, pruneDecisions, saveDecision } from './decision-cache.ts'
import { decide, guardScript, type Decision } from './decide.ts'
import { inlineCss } from './inline-css.ts'
import { hasEmptyRoot, injectMarkup, splitHoisted } from './inject.ts'
import { buildFirstScreenScript, firstScreenFile } from './first-screen-script.ts'
import { addToBody, addToHead, deferEntry, moveCodeToEnd } from './page-code.ts'
import { buildPrefetchScript, keepsReplies, paintsFromReply, prefetchTag } from './prefetch.ts'
import { closeRenderWorkers } from './render-worker.ts'
import { buildForServer } from './server-build.ts'

export interface PrerenderOptions {
  repoRoot: string
  pagesDir: string
  routes: readonly string[]
  /** Route → its descriptor (pages/<route>/page.ts). */
  pages: ReadonlyMap<string, PageDescriptor>
  /** Fresh instances of the compile plugins the client build uses (`() => [react()]`). */
  plugins: () => PluginOption[]
}

/** The built HTML files that show `route` (the home page also serves its aliases). */
function htmlFilesOf(ctx: WriteContext, route: string): string[] {
  const aliases = Object.keys(ctx.aliases).filter((a) => ctx.aliases[a] === route)
  return [join(ctx.outDir, route, 'index.html'), ...aliases.map((a) => join(ctx.outDir, a, 'index.html'))]
}

/** What writing a frame needs besides the decision. */
interface WriteContext {
  outDir: string
  base: string
  /** Alias → the route it shows. */
  aliases: Readonly<Record<string, string>>
  /** Route path → the files only its lazy chunks load. */
  lazy: Map<string, string[]>
  /** Lazy chunks fetched on first use only, never preloaded: the HTTP client (shared/http/axios-client.ts). */
  onDemand: Set<string>
}

/** Writes a decided frame, and the page's CSS, into the route's HTML files; returns a reason when it could not. */
function write(ctx: WriteContext, decision: Extract<Decision, { mode: string }>): string | null {
  const files = htmlFilesOf(ctx, decision.route)
  const pages = files.map((file) => [file, readFileSync(file, 'utf8')] as const)
  const bad = pages.find(([, html]) => !hasEmptyRoot(html))
  if (bad) return `${bad[0]} has no empty <div id="root"></div>`
  const { guard } = decision
  const after = guard ? guardScript(guard, guard.appFrame === null ? null : splitHoisted(guard.appFrame).body) : ''
  const read = (file: string) => (existsSync(join(ctx.outDir, file)) ? readFileSync(join(ctx.outDir, file), 'utf8') : null)
  const lazy = (ctx.lazy.get(`/${decision.route}`) ?? []).filter((f) => f.endsWith('.css'))
  for (const [file, html] of pages)
    writeFileSync(file, inlineCss(injectMarkup(html, decision.markup, decision.mode, after), lazy, read, ctx.base))
  return null
}

/** Route path → files reached only through dynamic imports, from the bundle graph (as the pages manifest sees it). */
function lazyByRoute(outDir: string, base: string, bundle: Rolldown.OutputBundle): Map<string, string[]> {
  const chunks = new Map<string, ChunkInfo>()
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item)
  const { routes } = buildManifest({ outDir, chunks, base })
  return new Map(Object.values(routes).map((r) => [r.path, r.assets.filter((a) => a.lazy).map((a) => a.file)]))
}

/** The chunk of the HTTP client and the chunks it alone imports: a page whose HTML starts its request may never need them. */
function onDemandChunks(bundle: Rolldown.OutputBundle): Set<string> {
  const found = new Set<string>()
  const add = (chunk: Rolldown.OutputChunk) => {
    found.add(chunk.fileName)
    for (const file of chunk.imports) {
      const imported = bundle[file]
      if (imported?.type === 'chunk' && !found.has(file)) add(imported)
    }
  }
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith('/shared/http/axios-client.ts'))) add(item)
  }
  return found
}

/** One line per route for the build log. */
function describe(d: Decision): string {
  const name = `/${d.route}`
  if ('skipped' in d) return `  ${name}: not prerendered: ${d.skipped}`
  const where = d.guard?.params.map((p) => `${p.present ? 'without' : 'with'} ${p.name}`) ?? []
  const variants = d.guard?.variants?.map((v) => `; its own frame with ${v.param}`).join('') ?? ''
  const guard = `${where.length ? `; dropped before paint ${where.join(', ')}` : ''}${variants}${d.guard?.appFrame ? '; its own frame in the app' : ''}`
  return `  ${name}: ${d.mode}, ${(d.markup.length / 1024).toFixed(1)} KB${d.reads.length ? ` (reads ${d.reads.join(', ')})` : ''}${guard}`
}

/**
 * Inlines the early requests into the HTML of every built route whose descriptor lists first requests
 * (and, when one says `preloadLazy`, the modulepreload of its lazy chunks); returns those routes with
 * the size of their script.
 */
async function addPrefetch(config: ResolvedConfig, options: PrerenderOptions, ctx: WriteContext): Promise<string[]> {
  const done: string[] = []
  for (const route of options.routes) {
    const page = options.pages.get(route)
    const requests = page ? describePage(page).firstRequests : []
    if (requests.length === 0) {
      // A first screen draws from the early replies: without first requests it would never be drawn.
      if (firstScreenFile(options.pagesDir, route)) throw new Error(`/${route} has a first-screen.tsx but no firstRequests in its page.ts`)
      continue
    }
    const lazyJs = (ctx.lazy.get(`/${route}`) ?? []).filter((f) => f.endsWith('.js') && !ctx.onDemand.has(f))
    // From the script, not as <link> tags: only when the request starts, and the pages manifest still sees them as lazy.
    const modulepreload = requests.some((r) => r.preloadLazy) ? lazyJs.map((f) => ctx.base + f) : []
    const script = await buildPrefetchScript(config, options.repoRoot, options.pagesDir, route, modulepreload, {
      keeps: keepsReplies(requests),
    })
    const tag = prefetchTag(script)
    // The first screen drawn before React (issue 31), at the end of <body>.
    const screen = firstScreenFile(options.pagesDir, route)
    // A page whose first screen comes from its replies lets them (and the pictures they name) go before its
    // scripts: the scripts take it over later, without changing what is on screen.
    const lowPreloads = paintsFromReply(requests) || screen !== null
    if (!htmlFilesOf(ctx, route).every((file) => addToHead(file, tag, { lowPreloads }))) continue
    const screenTag = screen
      ? prefetchTag(await buildFirstScreenScript(config, options.repoRoot, options.pagesDir, route, screen), 'first-screen')
      : ''
    if (screenTag && !htmlFilesOf(ctx, route).every((file) => addToBody(file, screenTag) && deferEntry(file))) continue
    done.push(`/${route} (${tag.length} B${screenTag ? `, first screen ${screenTag.length} B` : ''})`)
  }
  return done
}

export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig
  return {
    name: 'kids-english:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    writeBundle: {
      order: 'pre',
      async handler(output, bundle) {
        if (process.env.PRERENDER === '0' || config.build.ssr) return
        const outDir = output.dir ?? resolve(config.root, config.build.outDir)
        const entries = new Map(options.routes.map((route) => [route, join(options.pagesDir, routeFolder(route), 'main.tsx')]))
        const ctx: WriteContext = {
          outDir,
          base: config.base,
          aliases: aliasesOf(options.pages),
          lazy: lazyByRoute(outDir, config.base, bundle),
          onDemand: onDemandChunks(bundle),
        }
        const server = await buildForServer(config, options.plugins(), options.repoRoot, entries)
        const cacheDir = join(options.repoRoot, 'node_modules', '.cache', 'kids-english', 'prerender-decisions')
        let cached = 0
        // Every route at once: the jobs queue up in the one render worker.
        const decideRoute = async ([route, pageUrl]: [string, string]) => {
          const page = options.pages.get(route)!
          const files = { pageUrl, serverEntryUrl: server.serverEntry, preload: server.chunks }
          const probes = probeParams(page)
          const typical = typicalQuery(page)
          const key = decisionKey(route, files, probes, typical)
          let decision = cachedDecision(cacheDir, key)
          if (decision) cached++
          else saveDecision(cacheDir, key, (decision = await decide(route, files, probes, typical)))
          if ('mode' in decision) {
            const failed = write(ctx, decision)
            if (failed) decision = { route, skipped: failed }
          }
          return describe(decision)
        }
        let lines: string[]
        try {
          lines = await Promise.all([...server.entries].map(decideRoute))
        } finally {
          closeRenderWorkers()
          rmSync(server.outDir, { recursive: true, force: true })
        }
        pruneDecisions(cacheDir)
        const prefetched = await addPrefetch(config, options, ctx)
        for (const route of options.routes) for (const file of htmlFilesOf(ctx, route)) if (existsSync(file)) moveCodeToEnd(file)
        const reuse = cached ? ` (${cached} of ${lines.length} decisions from the cache)` : ''
        console.log(
          `\nprerender (scripts/prerender)${reuse}:\n${lines.sort().join('\n')}\n  early API request: ${prefetched.join(', ') || 'none'}`,
        )
      },
    },
  }
}
