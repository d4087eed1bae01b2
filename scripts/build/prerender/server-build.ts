/**
 * The server build the prerender renders from: every route's main.tsx plus server-entry.ts, bundled by
 * Vite with the client build's own plugins, aliases, defines and asset rules (so CSS-module class names
 * and asset URLs come out exactly as in the client build), and with `@shared/app/mount-page` swapped
 * for the collector. Dependencies stay external (one React for the pages and react-dom/server).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Alias, type PluginOption, type ResolvedConfig } from 'vite'

/** What the render step needs from the server build. */
export interface ServerBuild {
  /** route → file: URL of its built entry. */
  entries: Map<string, string>
  /** file: URL of the built server-entry.ts. */
  serverEntry: string
  /** file: URLs of every shared or lazy chunk. */
  chunks: string[]
  outDir: string
}

const HERE = import.meta.dirname

function aliasesOf(config: ResolvedConfig): Alias[] {
  const collector = resolve(HERE, 'collector.ts')
  // First match wins: the exact mount-page import goes to the collector, the rest as configured.
  return [{ find: /^@shared\/app\/mount-page$/, replacement: collector }, ...config.resolve.alias]
}

/**
 * Builds the pages for the server into a new `<repo>/node_modules/.cache/kids-english/prerender-*`
 * (inside the repo so the built files resolve `react` from its node_modules); the caller removes it.
 * @param plugins fresh instances of the client build's compile plugins (React)
 * @param entries route → absolute path of its main.tsx
 */
export async function buildForServer(
  config: ResolvedConfig,
  plugins: PluginOption[],
  repoRoot: string,
  entries: Map<string, string>,
): Promise<ServerBuild> {
  // One directory per build: the browser tests, the bench and the delivery tests may build at once.
  const cache = join(repoRoot, 'node_modules', '.cache', 'kids-english')
  mkdirSync(cache, { recursive: true })
  const outDir = mkdtempSync(join(cache, 'prerender-'))
  const names = new Map([...entries.keys()].map((route, i) => [route, `page-${i}`]))
  const input: Record<string, string> = { 'server-entry': resolve(HERE, 'server-entry.ts') }
  for (const [route, file] of entries) input[names.get(route)!] = file
  await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'warn',
    define: config.define,
    plugins,
    resolve: { alias: aliasesOf(config) },
    css: config.css,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      assetsInlineLimit: config.build.assetsInlineLimit,
      // No [PLUGIN_TIMINGS] report in the build's output (vite.config.ts).
      rolldownOptions: {
        checks: { bundlerTimings: false },
        input,
        output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  })
  const url = (name: string) => pathToFileURL(join(outDir, `${name}.mjs`)).href
  const chunkDir = join(outDir, 'chunks')
  const chunks = (existsSync(chunkDir) ? readdirSync(chunkDir) : [])
    .filter((f) => f.endsWith('.mjs'))
    .sort()
    .map((f) => pathToFileURL(join(chunkDir, f)).href)
  return { entries: new Map([...names].map(([route, name]) => [route, url(name)])), serverEntry: url('server-entry'), chunks, outDir }
}
