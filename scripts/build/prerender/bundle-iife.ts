/**
 * Bundles a build-time entry (an inline script of a page's HTML) and what it imports into one minified
 * IIFE, with the client build's aliases, env, base, CSS modules and target (prefetch.ts, first-screen-script.ts).
 */
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite'

const ENTRY = 'kids-english:first-requests'

/** `code` and what it imports as one minified IIFE, with the build's aliases, env, base, CSS modules and target. */
export async function bundleIife(config: ResolvedConfig, route: string, code: string, plugins: Plugin[]): Promise<string> {
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
