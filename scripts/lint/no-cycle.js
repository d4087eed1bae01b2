/**
 * ESLint rule `local/no-cycle`: no loop of files, **type-only imports included**. import-x's `no-cycle`
 * skips `import type` by design (eslint-plugin-import-x/lib/rules/no-cycle.js, no option to keep them),
 * since types load nothing at run time; but two files that name each other's types are one unit all the
 * same, which is the design smell the rule is there to catch (issue 41: `store` ↔ `dir-store` and
 * `publish` ↔ `target-lock` were loops only through types). Imports resolve as TypeScript resolves them
 * (tsconfig.json: the `@shared` alias, `.ts` extensions); packages are left out, as with import-x's
 * `ignoreExternal`. Plain JavaScript: eslint.config.js loads it before any TypeScript loader.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import ts from 'typescript'

/** A file's resolved in-repo imports, re-read when the file changes (an editor keeps ESLint running). */
const graph = new Map()
/** Parsed tsconfig.json, by its path. */
const configs = new Map()
const RECHECK_MS = 1000

function compilerOptions(tsconfig) {
  if (!configs.has(tsconfig)) {
    const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} }
    const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, host)
    configs.set(tsconfig, parsed?.options ?? {})
  }
  return configs.get(tsconfig)
}

/** `spec` imported from `from` as a file of the repo, or null (a package, a URL with a query, unresolved). */
function resolveImport(spec, from, options) {
  const resolved = ts.resolveModuleName(spec, from, options, ts.sys).resolvedModule
  if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('/node_modules/')) return null
  return resolved.resolvedFileName
}

/** Every file `file` imports: static, dynamic, re-exports and type-only alike. */
function importsOf(file, options) {
  const now = Date.now()
  const known = graph.get(file)
  if (known && now - known.checked < RECHECK_MS) return known.deps
  let mtime
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    graph.set(file, { checked: now, mtime: -1, deps: [] })
    return []
  }
  if (known && known.mtime === mtime) {
    known.checked = now
    return known.deps
  }
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const deps = [...new Set(importedFiles.map((i) => resolveImport(i.fileName, file, options)).filter(Boolean))]
  graph.set(file, { checked: now, mtime, deps })
  return deps
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function pathBack(start, target, options) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const dep of importsOf(file, options)) {
      if (dep === target) {
        const chain = [file]
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) chain.unshift(at)
        return chain
      }
      if (!cameFrom.has(dep)) {
        cameFrom.set(dep, file)
        queue.push(dep)
      }
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a loop of files, type-only imports included' },
    schema: [{ type: 'object', properties: { tsconfig: { type: 'string' } }, required: ['tsconfig'], additionalProperties: false }],
    messages: { cycle: 'Dependency cycle, type imports included: {{chain}}. Move what both sides need into a file below them.' },
  },
  create(context) {
    const file = context.physicalFilename
    if (!file || file === '<text>') return {}
    const options = compilerOptions(context.options[0].tsconfig)
    const root = dirname(context.options[0].tsconfig)
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return
      const target = resolveImport(source.value, file, options)
      if (!target || target === file) return
      const chain = pathBack(target, file, options)
      if (chain) context.report({ node, messageId: 'cycle', data: { chain: [...chain, file].map((f) => relative(root, f)).join(' → ') } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    }
  },
}
