/**
 * The script that draws a page's first screen before React (issue 31): the page's `first-screen.tsx`
 * (its own components) with the painter (shared/first-screen/paint.ts), bundled as production runs it:
 * `react` is the one-render stand-in, handlers and dynamic imports are left out. The equivalence test
 * runs this very script from the built HTML (tests/unit/first-screen).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseSync, type Plugin, type ResolvedConfig } from 'vite'
import { bundleIife } from '../bundle-iife.ts'
import { noSend, pageFile } from '../pages/descriptors.ts'
import { routeFolder } from '../routes.ts'
import { withoutBuildOnlyFields } from './prefetch.ts'

/** The file of a route's first screen drawn before React (issue 31), if it has one. */
export function firstScreenFile(pagesDir: string, route: string): string | null {
  const file = join(pagesDir, routeFolder(route), 'first-screen.tsx')
  return existsSync(file) ? file : null
}

interface Span {
  start: number
  end: number
}

/**
 * What the head script leaves out of a parsed module, from the last (so earlier offsets stay valid):
 * every `import(...)` expression, and the value of every `on…={…}` JSX attribute (a handler).
 */
function leftOut(node: unknown, found: Span[] = []): Span[] {
  if (Array.isArray(node)) for (const child of node) leftOut(child, found)
  else if (node && typeof node === 'object') {
    const n = node as Span & { type?: string; name?: { name?: unknown }; value?: Span & { type?: string; expression?: Span } }
    if (n.type === 'ImportExpression') found.push({ start: n.start, end: n.end })
    if (
      n.type === 'JSXAttribute' &&
      typeof n.name?.name === 'string' &&
      /^on[A-Z]/.test(n.name.name) &&
      n.value?.type === 'JSXExpressionContainer'
    ) {
      const { expression } = n.value
      if (expression) found.push({ start: expression.start, end: expression.end })
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') leftOut(value, found)
  }
  return found.sort((a, b) => b.start - a.start)
}

/** What stands for a left-out handler or import: a function that does nothing, a promise that never settles. */
const STAND_IN = { handler: '__firstScreenPending', module: 'new Promise(function () {})' }

/**
 * Vite plugin for a head script with a first screen (issue 31): `react` is the one-render stand-in
 * (shared/first-screen/one-render.ts), `react-dom/client` a module with nothing in it the first screen
 * calls (no-react-dom.ts), every `import(...)` a promise that never settles, and every handler in a
 * component's JSX (`onClick={…}`) a function that does nothing. The head script runs no effect, ref or
 * handler, which is where the components mount overlays, load chunks or call the host: without the
 * handlers, what only they use (the toast, the clipboard, the app link) is left out of every page's
 * HTML. A control that had a handler still has one, so it is drawn pending (to-dom.ts).
 */
function firstScreenOnly(repoRoot: string): Plugin {
  const stand = (file: string) => resolve(repoRoot, 'shared/first-screen', file)
  const ours = (id: string) => id.startsWith(repoRoot) && !id.includes('/node_modules/') && /\.tsx?$/.test(id)
  return {
    name: 'kids-english:first-screen-only',
    enforce: 'pre',
    resolveId: (source) => (source === 'react' ? stand('one-render.ts') : source === 'react-dom/client' ? stand('no-react-dom.ts') : null),
    transform(code, id) {
      if (!ours(id)) return null
      const spans = leftOut(parseSync(id, code).program)
      if (!spans.length) return null
      let out = code
      for (const { start, end } of spans) {
        const isImport = out.slice(start, start + 6) === 'import'
        out = `${out.slice(0, start)}${isImport ? STAND_IN.module : STAND_IN.handler}${out.slice(end)}`
      }
      if (out.includes(STAND_IN.handler)) out = `const ${STAND_IN.handler} = () => {};\n${out}`
      return { code: out, map: null }
    },
  }
}

/**
 * Bundles the page's first screen (issue 31: `pages/<route>/first-screen.tsx`, the page's own
 * components) with the painter (shared/first-screen/paint.ts) into a minified IIFE for the end of the
 * page's <body>: it runs once the frame is parsed, and draws the first screen from the early replies
 * the head script started, as they come. Apart from the head script, so the request is not held back
 * behind these bytes.
 */
export async function buildFirstScreenScript(
  config: ResolvedConfig,
  repoRoot: string,
  pagesDir: string,
  route: string,
  firstScreen: string,
): Promise<string> {
  const code =
    `import page from ${JSON.stringify(pageFile(pagesDir, route))}\n` +
    `import screen from ${JSON.stringify(firstScreen)}\n` +
    `import { paintFirstScreen } from ${JSON.stringify(resolve(repoRoot, 'shared/first-screen/paint.ts'))}\n` +
    `paintFirstScreen(page, screen, { parsed: true })\n`
  return bundleIife(config, code, {
    name: `the first screen of /${route}`,
    plugins: [noSend(), withoutBuildOnlyFields(pageFile(pagesDir, route), { forFirstScreen: true }), firstScreenOnly(repoRoot)],
  })
}
