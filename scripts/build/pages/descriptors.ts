/**
 * Loads the page descriptors (`pages/<route>/page.ts`, shared/app/define-page.ts) into the build, and
 * turns them into the JSON that `dist/pages-manifest.json` carries under `pages`. They are bundled by
 * Vite (the build's aliases) with the endpoints' sender swapped for a stub (no-send.ts), so evaluating
 * them in Node loads neither axios nor React.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Alias, type Plugin } from 'vite'
import type { PageDescriptor } from '../../../shared/app/define-page.ts'
import type { PageInfo } from '../../delivery/manifest.ts'
import { routeFolder } from '../routes.ts'

const HERE = import.meta.dirname
const ENTRY = 'kids-english:pages'

/** The file of a route's descriptor. */
export const pageFile = (pagesDir: string, route: string) => join(pagesDir, routeFolder(route), 'page.ts')

/**
 * Vite plugin: `shared/api/endpoint.ts`'s import of the http layer resolves to no-send.ts. What the
 * endpoints describe stays exactly what the pages send; only the sending is left out.
 */
export function noSend(): Plugin {
  return {
    name: 'kids-english:no-send',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../http' && importer?.replace(/\\/g, '/').endsWith('/shared/api/endpoint.ts')) return resolve(HERE, 'no-send.ts')
      return null
    },
  }
}

/** Every route's descriptor, keyed by route (`''` = home). Throws when a route has no page.ts. */
export async function loadPages(
  repoRoot: string,
  pagesDir: string,
  routes: readonly string[],
  alias: Alias[] | Record<string, string>,
): Promise<Map<string, PageDescriptor>> {
  const missing = routes.filter((route) => !existsSync(pageFile(pagesDir, route)))
  if (missing.length) throw new Error(`no page.ts in ${missing.map((r) => `pages/${routeFolder(r)}/`).join(', ')} (README: Adding a page)`)
  const code =
    routes.map((route, i) => `import p${i} from ${JSON.stringify(pageFile(pagesDir, route))}`).join('\n') +
    `\nexport default [${routes.map((_, i) => `p${i}`).join(', ')}]\n`
  const cache = join(repoRoot, 'node_modules', '.cache', 'kids-english')
  mkdirSync(cache, { recursive: true })
  // One file per load: several builds (the browser tests, the bench, the delivery tests) may run at once.
  const outFile = join(
    cache,
    `pages-${process.pid}-${createHash('sha1').update(`${pagesDir}${Date.now()}${Math.random()}`).digest('hex').slice(0, 8)}.mjs`,
  )
  const entry: Plugin = {
    name: 'kids-english:pages-entry',
    resolveId: (source) => (source === ENTRY ? `\0${ENTRY}` : null),
    load: (id) => (id === `\0${ENTRY}` ? code : null),
  }
  try {
    const out = await build({
      configFile: false,
      root: repoRoot,
      logLevel: 'warn',
      plugins: [entry, noSend()],
      resolve: { alias },
      build: {
        ssr: true,
        write: false,
        minify: false,
        // No [PLUGIN_TIMINGS] report in the build's output (vite.config.ts).
        rolldownOptions: { input: ENTRY, output: { format: 'esm', codeSplitting: false }, checks: { bundlerTimings: false } },
      },
    })
    const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[]
    const chunk = outputs[0]!.output.find((o) => o.type === 'chunk')
    if (!chunk?.code) throw new Error('page descriptors: the bundle has no code')
    writeFileSync(outFile, chunk.code)
    const { default: pages } = (await import(pathToFileURL(outFile).href)) as { default: PageDescriptor[] }
    return new Map(routes.map((route, i) => [route, pages[i]!]))
  } finally {
    rmSync(outFile, { force: true })
  }
}

/** The query a real link to the page carries: its required parameters at their probe values. */
export function typicalQuery(page: PageDescriptor): Record<string, string> {
  return Object.fromEntries(
    Object.entries(page.params)
      .filter(([, p]) => p.required)
      .map(([name, p]) => [name, p.probe]),
  )
}

/** The probe value of every parameter of the page (the prerender renders with and without each). */
export function probeParams(page: PageDescriptor): Record<string, string> {
  return Object.fromEntries(Object.entries(page.params).map(([name, p]) => [name, p.probe]))
}

/** A descriptor as JSON for the manifest; `firstRequests` as sent for the probe values of every parameter. */
export function describePage(page: PageDescriptor): PageInfo {
  const probed = page.requestsFor(page.parse(`?${new URLSearchParams(probeParams(page)).toString()}`))
  return {
    title: page.title,
    params: Object.fromEntries(
      Object.entries(page.params).map(([name, p]) => [name, { kind: p.kind, probe: p.probe, required: p.required }]),
    ),
    firstRequests: probed.map((r) => ({ ...r })),
    signedIn: page.signedIn,
    demoLinks: page.demoLinks.map((link) => ({ ...link })),
    aliases: [...(page.aliases ?? [])],
    ...(page.description ? { description: page.description } : {}),
    ...(page.budget ? { budget: { ...page.budget, forbid: [...(page.budget.forbid ?? [])] } } : {}),
  }
}

/** Alias path (no slashes) → the route it shows, over every page. Throws on an alias two pages claim or that is a route. */
export function aliasesOf(pages: ReadonlyMap<string, PageDescriptor>): Record<string, string> {
  const aliases: Record<string, string> = {}
  for (const [route, page] of pages) {
    for (const alias of page.aliases ?? []) {
      if (Object.hasOwn(aliases, alias) || pages.has(alias)) throw new Error(`page alias /${alias} is taken`)
      aliases[alias] = route
    }
  }
  return aliases
}
