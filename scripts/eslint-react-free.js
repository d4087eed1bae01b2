/**
 * ESLint rule `react-free/core`: the core of `shared/` runs without React (README, "A shared
 * library, React-free first"), so that the bridge, the HTTP layer, the folder rules and the player can be
 * used and tested without a DOM renderer, and a page that needs none of the UI downloads none of it.
 *
 * A core file imports no `react`/`react-dom` (nor their subpaths) and no local file outside the core:
 * not `shared/components`, `shared/hooks`, `shared/app`, a page, nor any `.tsx`. Outside news the user
 * must see (an app too old for a bridge call) is reported to the page layer instead, which shows it.
 */
import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')

/** The core: folders whose every file is React-free, and folders where only the `.ts` files are. */
export const CORE_FOLDERS = [
  'shared/env',
  'shared/bridge',
  'shared/http',
  'shared/api',
  'shared/format',
  'shared/config',
  'shared/recorded-work/player',
  'shared/recorded-work/data',
]
// shared/app: its .ts files (the page descriptors, bundled into each page's inline head script) are core;
// mount-page.tsx, which renders, is not.
export const CORE_TS_FOLDERS = ['shared/book-folder', 'shared/app']

const REACT = /^react(-dom)?(\/|$)/

const posix = (path) => relative(root, path).split(sep).join('/')
const inside = (path, folders) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`))

/** True when `file` (absolute) is part of the React-free core. */
export function isCore(file) {
  const path = posix(file)
  return inside(path, CORE_FOLDERS) || (inside(path, CORE_TS_FOLDERS) && /\.ts$/.test(path))
}

/** The file a local specifier names (extension and index resolved), or null for a package. */
function resolveLocal(spec, fromFile) {
  let base
  if (spec === '@shared' || spec.startsWith('@shared/')) base = resolve(root, 'shared', spec.slice('@shared/'.length))
  else if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec)
  else return null
  base = base.replace(/\?.*$/, '')
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx', '']) {
    if (existsSync(base + ext) && !base.endsWith(sep)) return base + ext
  }
  return base
}

export default {
  rules: {
    core: {
      meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
      create(context) {
        const file = resolve(context.filename)
        if (!isCore(file)) return {}
        const here = posix(file).split('/').slice(0, -1).join('/')
        if (file.endsWith('.tsx')) {
          return {
            Program: (node) => context.report({ node, messageId: 'bad', data: { why: `${here} is React-free core: no .tsx files here` } }),
          }
        }
        const check = (node, spec) => {
          if (typeof spec !== 'string') return
          let why = null
          if (REACT.test(spec)) why = `${here} is React-free core: it must not import ${spec}`
          else {
            const target = resolveLocal(spec, file)
            if (target && !isCore(target))
              why = `${here} is React-free core: it must not import ${posix(target)} (report to the page layer instead)`
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
