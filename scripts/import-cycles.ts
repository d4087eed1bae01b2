/**
 * `npm run lint` runs this after ESLint: no import cycles, between files or between folders.
 *
 * A folder cycle is two folders whose files import each other, even when no single chain of files
 * loops (e.g. `shared/env/index.ts` → `shared/bridge/transports.ts` while `shared/bridge/user.ts` →
 * `shared/env`): such folders can only be understood, tested and moved together. Imports are read
 * with TypeScript's parser (static imports, `export … from` and `import()`) and resolved like the build
 * does (relative paths and the `@shared` alias). `import type` and `export type … from` are left out:
 * the compiler erases them, so they load nothing and order nothing.
 *
 * Usage: `tsx scripts/import-cycles.ts` — prints each cycle and exits 1 if there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The folders whose code is checked. */
export const CHECKED_FOLDERS = ['pages', 'shared', 'server', 'scripts', 'bench', 'tests']

const SKIPPED = new Set(['node_modules', 'dist', 'tmp', 'demo-media', 'results'])
const SOURCE = /\.(ts|tsx|js|mjs)$/
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js']

/** Every source file under `dir` (absolute paths). */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

/** The file `spec` (imported from `from`) names, or null for a package or a file that is not code. */
export function resolveImport(root: string, spec: string, from: string): string | null {
  let base: string
  if (spec === '@shared' || spec.startsWith('@shared/')) base = join(root, 'shared', spec.slice('@shared'.length))
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec)
  else return null
  const clean = base.replace(/\?.*$/, '') // Vite query suffixes (`?raw`, `?url`)
  for (const ext of EXTENSIONS) {
    const path = clean + ext
    if (SOURCE.test(path) && existsSync(path) && statSync(path).isFile()) return path
  }
  return null // CSS, SVG, JSON: no imports of their own
}

/** The specifiers `source` loads at run time: static imports and re-exports that are not type-only, and `import()`. */
export function runtimeImports(source: string, fileName = 'x.ts'): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const specs: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) specs.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specs.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) specs.push(arg.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return specs
}

/** file → the files it imports, for every source file under `folders` of `root` (paths relative to root). */
export function importGraph(root: string, folders = CHECKED_FOLDERS): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  const rel = (path: string) => relative(root, path).split(sep).join('/')
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const targets = new Set<string>()
    for (const spec of runtimeImports(readFileSync(file, 'utf8'), file)) {
      const target = resolveImport(root, spec, file)
      if (target && target !== file) targets.add(rel(target))
    }
    graph.set(rel(file), targets)
  }
  return graph
}

/** The same graph between folders: a folder imports another when one of its files does. */
export function folderGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>()
  const folderOf = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf('/')))
  for (const [file, targets] of files) {
    const from = folderOf(file)
    const edges = folders.get(from) ?? new Set<string>()
    folders.set(from, edges)
    for (const target of targets) {
      const to = folderOf(target)
      // A folder may import its own subfolders (an index gathering its parts); only the way back counts.
      if (to !== from && !to.startsWith(`${from}/`)) edges.add(to)
    }
  }
  return folders
}

/**
 * The cycles of `graph`: each strongly connected group of two or more nodes, sorted, with one
 * import path around it for the message.
 */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  let counter = 0
  const edges = (node: string) => [...(graph.get(node) ?? [])]

  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue
    const work: { node: string; next: string[] }[] = []
    const visit = (node: string) => {
      index.set(node, counter)
      low.set(node, counter)
      counter++
      stack.push(node)
      onStack.add(node)
      work.push({ node, next: edges(node) })
    }
    visit(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const target = frame.next.shift()
      if (target !== undefined) {
        if (!index.has(target)) visit(target)
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          group.push(member)
        } while (member !== frame.node)
        if (group.length > 1) groups.push(group.sort())
      }
    }
  }
  return groups.map((group) => loopThrough(graph, group)).sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** One path `a → … → a` inside `group` (all of whose members reach each other), starting at its first member. */
function loopThrough(graph: Map<string, Set<string>>, group: string[]): string[] {
  const members = new Set(group)
  const start = group[0]!
  // Breadth-first from start back to start, staying inside the group: the shortest loop through it.
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return [...path, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node)
        queue.push(next)
      }
    }
  }
  return [...group, start]
}

/**
 * Folder cycles being removed elsewhere, by their sorted members. Each entry must still exist: the
 * check fails once it is gone, so the entry is deleted with the fix.
 */
export const KNOWN_FOLDER_CYCLES: readonly string[] = []

/** The file and folder cycles under `root`, as printable lines (empty when there are none). */
export function describeCycles(root: string, known: readonly string[] = KNOWN_FOLDER_CYCLES): string[] {
  const files = importGraph(root)
  const folderCycles = findCycles(folderGraph(files))
  const keys = folderCycles.map((loop) => [...new Set(loop)].sort().join(' + '))
  return [
    ...findCycles(files).map((loop) => `file cycle: ${loop.join(' → ')}`),
    ...folderCycles.filter((_, i) => !known.includes(keys[i]!)).map((loop) => `folder cycle: ${loop.join(' → ')}`),
    ...known.filter((key) => !keys.includes(key)).map((key) => `known folder cycle ${key} is gone: delete it from KNOWN_FOLDER_CYCLES`),
  ]
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  const cycles = describeCycles(root)
  for (const line of cycles) console.error(line)
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} import cycle(s): move what both sides need into one place (see scripts/import-cycles.ts).`)
    process.exit(1)
  }
  console.log('import cycles: none')
}
