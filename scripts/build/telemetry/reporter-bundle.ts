/**
 * The field reporter as one file of its own (docs/telemetry.md "How a page reports"): shared/field-reporter
 * bundled apart from the pages' chunks, as a classic script (an IIFE), so that it needs nothing the page
 * loads (a page whose entry or core chunk failed still reports that it did) and a WebView too old for
 * the page's own code still runs it. Built with the build's aliases and env.
 */
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import type { ResolvedConfig, TerserOptions } from 'vite'
import { bundleIife } from '../bundle-iife.ts'

/** Older than the pages' own target (Chrome 80, Safari 13.1): the reporter is what tells us a WebView cannot run them. */
export const REPORTER_TARGET = 'es2020'

/**
 * The reporter is held to 3 KB gzipped (budgets.ts REPORTER_MAX_BYTES), and terser makes it smaller than
 * the build's oxc: it inlines the functions called once. Only its safe transforms; no Safari 10
 * workarounds (the target is newer).
 */
const TERSER: TerserOptions = { ecma: 2020, safari10: false, compress: { passes: 3 } }

/** The reporter's code, minified (what it reports of the page and the build, the HTML's head hands it). */
export function bundleReporter(config: ResolvedConfig, repoRoot: string): Promise<string> {
  const start = resolve(repoRoot, 'shared/field-reporter/start.ts')
  const code = `import { startReporter } from ${JSON.stringify(start)}\ntry { startReporter() } catch (e) {}\n`
  return bundleIife(config, code, { name: 'the field reporter', target: REPORTER_TARGET, terser: TERSER })
}

/** Where the build writes the reporter: a name that changes with its content, like every chunk's. */
export function reporterFileName(code: string): string {
  return `assets/reporter-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`
}
