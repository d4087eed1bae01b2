/**
 * The prerender's cache: a route's decision (decide.ts) depends only on the files of the server build
 * its render loads (its entry, every chunk and the render entry), the query it is probed with, the
 * prerender's own code and the React it renders with. Their hash keys the decision in
 * `node_modules/.cache/kids-english/prerender-decisions/`, so a build that changed no page renders none.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Decision } from './decide.ts'
import type { WorkerFiles } from './render-worker.ts'

/** How many decisions the cache keeps (a few builds' worth); the oldest go first. */
const KEEP = 200

const HERE = import.meta.dirname

/** What decides every route besides its own files: this code, and the React that renders. */
const toolHash = (() => {
  const hash = createHash('sha256')
  for (const file of readdirSync(HERE)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    hash.update(file).update(readFileSync(join(HERE, file)))
  const require = createRequire(import.meta.url)
  for (const name of ['react', 'react-dom']) hash.update(`${name}@${(require(`${name}/package.json`) as { version: string }).version}`)
  return hash.update(process.version).digest('hex')
})()

/** The key of a route's decision. */
export function decisionKey(
  route: string,
  files: WorkerFiles,
  probes: Readonly<Record<string, string>>,
  typical: Readonly<Record<string, string>>,
): string {
  const hash = createHash('sha256').update(toolHash).update(JSON.stringify({ route, probes, typical }))
  for (const url of [files.serverEntryUrl, files.pageUrl, ...files.preload]) hash.update(readFileSync(fileURLToPath(url)))
  return hash.digest('hex')
}

/** The cached decision, or null. */
export function cachedDecision(dir: string, key: string): Decision | null {
  try {
    return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as Decision
  } catch {
    return null
  }
}

/** Stores a decision (written whole: another build may read it at the same time). */
export function saveDecision(dir: string, key: string, decision: Decision): void {
  mkdirSync(dir, { recursive: true })
  const temp = join(dir, `.${key}.${process.pid}.tmp`)
  writeFileSync(temp, JSON.stringify(decision))
  renameSync(temp, join(dir, `${key}.json`))
}

/** Keeps the newest KEEP decisions. */
export function pruneDecisions(dir: string): void {
  let files: { file: string; mtime: number }[]
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({ file: join(dir, f), mtime: statSync(join(dir, f)).mtimeMs }))
  } catch {
    return
  }
  for (const { file } of files.sort((a, b) => b.mtime - a.mtime).slice(KEEP)) rmSync(file, { force: true })
}
