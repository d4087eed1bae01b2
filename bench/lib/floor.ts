/**
 * The floor page: an empty React page (createRoot + StrictMode around one word of text, so that it has
 * a first paint to compare with: the best a client-rendered page can do) built by the same
 * toolchain as the product: vite.config.ts's build options and its React plugin, without the
 * multi-page, manifest and prerender plugins. Every page's JS is shown as a ratio to this page's, so a
 * figure means something on a noisy machine. Served by the bench at `/__floor/`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, loadConfigFromFile, type PluginOption } from 'vite'

/** The URL prefix the floor page is built for (and served at). */
export const FLOOR_BASE = '/__floor/'

const HTML = `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>floor</title></head>
  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>
</html>
`
const MAIN = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<StrictMode><p>floor</p></StrictMode>)
`

const isReactPlugin = (plugin: PluginOption): boolean =>
  Array.isArray(plugin)
    ? plugin.some(isReactPlugin)
    : typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name.startsWith('vite:react')

/**
 * Builds the floor page into `<workDir>/dist` from sources written to `<workDir>/src` (which must be
 * inside the repository, so `react` resolves from its node_modules). Returns the output directory.
 */
export async function buildFloor(repoRoot: string, workDir: string): Promise<string> {
  const src = join(workDir, 'src')
  const outDir = join(workDir, 'dist')
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, 'index.html'), HTML)
  writeFileSync(join(src, 'main.tsx'), MAIN)
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(repoRoot, 'vite.config.ts'))
  if (!loaded) throw new Error('vite.config.ts not found')
  const { build: options = {}, plugins = [] } = loaded.config
  const output = options.rolldownOptions?.output
  await build({
    configFile: false,
    root: src,
    base: FLOOR_BASE,
    logLevel: 'warn',
    plugins: plugins.filter(isReactPlugin),
    build: {
      target: options.target,
      assetsInlineLimit: options.assetsInlineLimit,
      outDir,
      emptyOutDir: true,
      rolldownOptions: { input: join(src, 'index.html'), output: Array.isArray(output) ? output[0] : output },
    },
  })
  return outDir
}
