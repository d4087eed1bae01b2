/**
 * ESLint rule `local/import-direction`: imports flow one way (docs/style.md 2).
 * - `shared/` never imports from `pages/`;
 * - a page imports only its own folder and `shared/` (never another page's folder);
 * - `server/` never imports browser code (`pages/`, `shared/`), and browser code never imports `server/`;
 * - `server/` never imports the build and CI tools (`scripts/`) nor the bench (`bench/`): it reads what the
 *   build writes (dist/pages-manifest.json) instead;
 * - `scripts/` (the build and CI) never imports `bench/`; the bench may import `scripts/`;
 * - browser code never imports `scripts/` or `bench/`.
 * Imports are resolved to files first, so relative paths and the `@shared` alias are both checked.
 */
import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')

/** The route folder (nearest ancestor under pages/ with an index.html) that holds `file`. */
function pageFolderOf(file) {
  let dir = dirname(file)
  const pages = resolve(root, 'pages')
  while (dir.startsWith(pages)) {
    if (existsSync(resolve(dir, 'index.html'))) return dir
    dir = dirname(dir)
  }
  return null
}

function area(file) {
  const rel = relative(root, file).split(sep)
  return rel[0] ?? ''
}

function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('@shared/') || spec === '@shared') return resolve(root, 'shared', spec.slice(8))
  if (spec.startsWith('.')) return resolve(dirname(fromFile), spec)
  return null
}

export default {
  rules: {
    'import-direction': {
      meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
      create(context) {
        const file = resolve(context.filename)
        const from = area(file)
        const check = (node, spec) => {
          if (typeof spec !== 'string') return
          const target = resolveSpecifier(spec, file)
          if (!target) return
          const to = area(target)
          let why = null
          if (from === 'shared' && to === 'pages') why = 'shared/ must not import a page'
          else if (from === 'server' && (to === 'pages' || to === 'shared')) why = 'server/ must not import browser code'
          else if ((from === 'pages' || from === 'shared') && to === 'server') why = 'browser code must not import server/'
          else if (from === 'server' && (to === 'scripts' || to === 'bench'))
            why = 'server/ must not import scripts/ or bench/; read what the build writes'
          else if (from === 'scripts' && to === 'bench')
            why = 'scripts/ (build and CI) must not import bench/; move what CI needs into scripts/'
          else if ((from === 'pages' || from === 'shared') && (to === 'scripts' || to === 'bench'))
            why = 'browser code must not import scripts/ or bench/'
          else if (from === 'pages' && to === 'pages') {
            const own = pageFolderOf(file)
            const other = pageFolderOf(target + (target.endsWith('.tsx') || target.endsWith('.ts') ? '' : sep + 'x'))
            if (own && other && own !== other && !target.startsWith(own + sep))
              why = 'pages must not import each other; move shared code to shared/'
          }
          if (why) context.report({ node, messageId: 'bad', data: { why } })
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        }
      },
    },
  },
}
