/**
 * A module of generated code and what it imports, bundled apart from the pages' chunks into one minified
 * IIFE with the build's aliases, env (`VITE_API_BASE`…), base and CSS modules: the HTML's inline scripts
 * (scripts/build/prerender/prefetch.ts, first-screen-script.ts) and the field reporter
 * (scripts/build/telemetry/reporter-bundle.ts).
 */
import { build, type Plugin, type ResolvedConfig, type Rolldown, type TerserOptions } from 'vite'

const ENTRY = 'kids-english:iife-entry'

export interface IifeOptions {
  /** What the bundle is, for the error when it has no code (`/price_up's head script`). */
  name: string
  /** Plugins of this bundle alone (stand-ins, left-out fields). */
  plugins?: Plugin[]
  /** Its build target (default the build's). */
  target?: string | string[]
  /** Minified by terser with these options instead of the build's minifier (oxc). */
  terser?: TerserOptions
}

/** `code` (a module: imports by absolute path) and what it imports as one minified IIFE. */
export async function bundleIife(
  config: ResolvedConfig,
  code: string,
  { name, plugins = [], target, terser }: IifeOptions,
): Promise<string> {
  const entry: Plugin = {
    name: 'kids-english:iife-entry',
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
      minify: terser ? 'terser' : true,
      terserOptions: terser,
      target: target ?? config.build.target,
      assetsInlineLimit: config.build.assetsInlineLimit,
      // The CSS of drawn components is already in the page's HTML (prerender/inline-css.ts): not in a script.
      cssCodeSplit: false,
      // No [PLUGIN_TIMINGS] report in the build's output (vite.config.ts).
      rolldownOptions: { input: ENTRY, output: { format: 'iife', codeSplitting: false }, checks: { bundlerTimings: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = (Array.isArray(out) ? out[0]! : out).output.find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${name}: the bundle has no code`)
  return chunk.code
}
