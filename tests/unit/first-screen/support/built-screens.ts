/**
 * The first screens as production has them (issue 41, "proof by construction"): the pages whose built
 * HTML draws one (dist/pages-manifest.json `firstScreen`, which the build sets from the HTML it wrote),
 * each with that very inline script. So a page that gains a first screen joins the equivalence test
 * on its own, and fails it until it has cases. Reads the build in dist/ (`npm test` and `npm run
 * test:unit` build first); a build older than the sources is refused rather than tested.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PagesManifest } from '../../../../scripts/delivery/manifest'

const ROOT = resolve(import.meta.dirname, '../../../..')
const DIST = join(ROOT, 'dist')
/** What a page's first-screen script is built from. */
const SOURCES = ['pages', 'shared', 'scripts/build', 'vite.config.ts']

/** A page whose HTML draws its first screen before React: its route (`generate_book/list`) and that script. */
export interface BuiltScreen {
  route: string
  script: string
}

/**
 * The newest file of the sources (its time and name). Files only: a folder's time changes when a test
 * writes and removes a probe file in it (tests/unit/build/boundaries.test.ts), which changes no source.
 */
function newestSource(): { time: number; file: string } {
  let newest = { time: 0, file: '' }
  for (const source of SOURCES) {
    const path = join(ROOT, source)
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(path, file))
      : [path]
    for (const file of files) {
      // The boundaries test's probes come and go under shared/ while the unit files run: no source of the build.
      if (file.includes('lint-probe-')) continue
      const stat = statSync(file, { throwIfNoEntry: false })
      if (stat?.isFile() && stat.mtimeMs > newest.time) newest = { time: stat.mtimeMs, file }
    }
  }
  return newest
}

/** The inline script of a built HTML named `first-screen` (scripts/build/prerender/prefetch.ts), as the browser runs it. */
function firstScreenScript(route: string): string {
  const html = readFileSync(join(DIST, route, 'index.html'), 'utf8')
  const script = /<script data-inline="first-screen">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (script === undefined) throw new Error(`dist/${route}/index.html has no first-screen script, though the manifest says so`)
  return script
}

/** Every page of the build in dist/ that draws a first screen, with its script. */
export function builtScreens(): BuiltScreen[] {
  const file = join(DIST, 'pages-manifest.json')
  if (!existsSync(file)) throw new Error('no build in dist/: run `npm run build` first (npm test and npm run test:unit do)')
  const newest = newestSource()
  if (newest.time > statSync(file).mtimeMs) {
    throw new Error(`dist/ is older than ${newest.file.slice(ROOT.length + 1)}: run \`npm run build\` first`)
  }
  const { pages = {} } = JSON.parse(readFileSync(file, 'utf8')) as PagesManifest
  return Object.entries(pages)
    .filter(([, page]) => page.firstScreen)
    .map(([path]) => ({ route: path.slice(1), script: firstScreenScript(path.slice(1)) }))
}
