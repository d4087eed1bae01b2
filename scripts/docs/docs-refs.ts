/**
 * Every reference to a product document in the repo's code and READMEs points into `docs/`.
 *
 * The documents (contracts, spec, decisions, style) used to live outside the repo and were cited by
 * bare name: `contracts/api.md`, `bridge.md`, `decisions.md`, `style.md`, `spec §7`. This script
 * rewrites those to repo paths (`docs/contracts/api.md`, `docs/spec/product-spec.md §7`) and checks
 * that every `docs/…` path names a file and every spec section exists. Safe to run again and again:
 * a reference already in `docs/` form is left alone.
 *
 * Usage: `tsx scripts/docs/docs-refs.ts` (report, exit 1 if any reference does not resolve)
 *        `tsx scripts/docs/docs-refs.ts --fix` (rewrite old-style references in place, then report)
 *        `tsx scripts/docs/docs-refs.ts --sync` (copy the documents from ../shared/ into docs/, each under a
 *        first line naming its source and the sha256 of its text)
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the documents live, relative to the repo root. */
export const DOCS_DIR = 'docs'

/** The documents copied from the product's shared folder: path in `docs/` = path in `../shared/`. */
export const DOCUMENTS = [
  'contracts/api.md',
  'contracts/bridge.md',
  'contracts/ui-text.md',
  'contracts/user-agent.md',
  'decisions.md',
  'spec/product-spec.md',
  'style.md',
]

const CONTRACTS = '(api|bridge|ui-text|user-agent)'
// Not right after a letter, digit, `/`, `.` or `-`: `docs/contracts/api.md` and `openapi.md` stay as they are.
const START = '(?<![\\w/.-])'

/** Old-style reference → its form in docs/. Applied in this order. */
const REWRITES: [RegExp, string][] = [
  [new RegExp(`${START}(?:\\.\\./shared/)?contracts/${CONTRACTS}\\.md\\b`, 'g'), `${DOCS_DIR}/contracts/$1.md`],
  [new RegExp(`${START}${CONTRACTS}\\.md\\b`, 'g'), `${DOCS_DIR}/contracts/$1.md`],
  [new RegExp(`${START}(?:\\.\\./shared/)?(decisions|style)\\.md\\b`, 'g'), `${DOCS_DIR}/$1.md`],
  [new RegExp(`${START}(?:\\.\\./shared/)?(?:spec/)?product-spec\\.md\\b`, 'g'), `${DOCS_DIR}/spec/product-spec.md`],
  [new RegExp(`${START}[Ss]pec (?=§)`, 'g'), `${DOCS_DIR}/spec/product-spec.md `],
]

/** Files that are not scanned: this script and its test spell the old forms on purpose. */
const SELF = new Set(['scripts/docs/docs-refs.ts', 'tests/unit/build/docs-refs.test.ts'])
const SKIPPED_DIRS = new Set(['node_modules', 'dist', DOCS_DIR, 'artifacts', 'coverage', '.data', '.git', 'tmp', 'demo-media'])
const SCANNED = /\.(ts|tsx|js|mjs|cjs|css|html|sql|sh|bash|md)$/

/** The repo files whose text may cite a document (paths relative to `root`, `/`-separated). */
export function scannedFiles(root: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      const rel = relative(root, path).split(sep).join('/')
      if (entry.isDirectory()) {
        // Dot folders are tooling, except .ci (the CI script cites the docs too).
        if (!SKIPPED_DIRS.has(entry.name) && (!entry.name.startsWith('.') || entry.name === '.ci')) walk(path)
      } else if ((SCANNED.test(entry.name) || rel.startsWith('.ci/')) && !SELF.has(rel)) files.push(rel)
    }
  }
  walk(root)
  return files.sort()
}

/** `text` with every old-style document reference rewritten to its docs/ form. */
export function rewriteRefs(text: string): string {
  return REWRITES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

/** A reference that does not resolve, for the report. */
export interface BadRef {
  file: string
  line: number
  ref: string
  why: string
}

/** The section numbers (`## 7. Calls` → 7) of the spec in `docsDir`. */
function specSections(docsDir: string): Set<number> {
  const path = join(docsDir, 'spec/product-spec.md')
  if (!existsSync(path)) return new Set()
  return new Set([...readFileSync(path, 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])))
}

/** Every reference in `text` (of repo file `file`) that does not resolve inside `root`/docs. */
export function badRefs(root: string, file: string, text: string, sections = specSections(join(root, DOCS_DIR))): BadRef[] {
  const bad: BadRef[] = []
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    const report = (ref: string, why: string) => bad.push({ file, line: i + 1, ref, why })
    if (rewriteRefs(line) !== line) {
      for (const [pattern] of REWRITES)
        for (const m of line.matchAll(pattern)) report(m[0].trim(), 'old-style reference: run `npx tsx scripts/docs/docs-refs.ts --fix`')
    }
    for (const m of line.matchAll(/(?<![\w./-])docs\/[\w./-]*\w/g)) {
      const path = m[0]
      if (!existsSync(join(root, path))) report(path, `${path} does not exist`)
    }
    // The sections cited after the spec: `docs/spec/product-spec.md §4, §9` or `§2/§9`.
    for (const m of line.matchAll(/product-spec\.md((?:\s*(?:,|\/|and|or)?\s*§\s?\d+(?:\.\d+)*)+)/g)) {
      for (const n of m[1]!.matchAll(/§\s?(\d+)/g)) {
        if (!sections.has(Number(n[1]))) report(`product-spec.md §${n[1]}`, `the spec has no section ${n[1]}`)
      }
    }
    // A section sign with no document before it cannot be followed.
    for (const m of line.matchAll(/§\s?\d+/g)) {
      const before = line.slice(0, m.index)
      if (!/product-spec\.md(?:\s*(?:,|\/|and|or)?\s*§\s?\d+(?:\.\d+)*)*\s*(?:,|\/|and|or)?\s*$/.test(before))
        report(m[0], 'a section sign without its document: write `docs/spec/product-spec.md §N`')
    }
  })
  return bad
}

/** Every reference in the repo at `root` that does not resolve. */
export function checkRepo(root: string): BadRef[] {
  const sections = specSections(join(root, DOCS_DIR))
  return scannedFiles(root).flatMap((file) => badRefs(root, file, readFileSync(join(root, file), 'utf8'), sections))
}

/** Rewrites old-style references in every scanned file under `root`; returns the files changed. */
export function fixRepo(root: string): string[] {
  const changed: string[] = []
  for (const file of scannedFiles(root)) {
    const path = join(root, file)
    const text = readFileSync(path, 'utf8')
    const fixed = rewriteRefs(text)
    if (fixed !== text) {
      writeFileSync(path, fixed)
      changed.push(file)
    }
  }
  return changed
}

/**
 * The first line of each copy in docs/: where it comes from, and the sha256 of the copied text, so that a
 * hand edit of the copy is found even where the shared folder is not beside the checkout.
 */
export function copyHeader(doc: string, body: string): string {
  return `<!-- Copied from ../shared/${doc} (sha256 ${sha256(body)}): edit it there, then run npx tsx scripts/docs/docs-refs.ts --sync. -->\n`
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A copy's header and body (the document as the shared folder has it); a copy without a header is all body. */
export function splitCopy(text: string): { header: string | null; body: string } {
  const end = text.indexOf('\n')
  const first = end < 0 ? text : text.slice(0, end)
  return /^<!-- Copied from \.\.\/shared\//.test(first) ? { header: first, body: text.slice(end + 1) } : { header: null, body: text }
}

/**
 * Documents of `docs/` whose copy is not what its header says it copied: a missing header, or a body
 * edited here. Needs no shared folder.
 */
export function docsTampered(root: string): string[] {
  const bad: string[] = []
  for (const doc of DOCUMENTS) {
    const path = join(root, DOCS_DIR, doc)
    if (!existsSync(path)) {
      bad.push(`${doc}: missing from ${DOCS_DIR}/`)
      continue
    }
    const { header, body } = splitCopy(readFileSync(path, 'utf8'))
    if (!header) bad.push(`${doc}: no first line naming where it was copied from`)
    else if (`${header}\n` !== copyHeader(doc, body)) bad.push(`${doc}: edited in ${DOCS_DIR}/; edit ../shared/${doc} and sync instead`)
  }
  return bad
}

/**
 * Documents of `docs/` that differ from the product's shared folder `sharedDir` (`../shared/` beside
 * the repo), and documents there that docs/ lacks. Empty when they agree.
 */
export function docsDrift(root: string, sharedDir: string): string[] {
  const drift: string[] = []
  for (const doc of DOCUMENTS) {
    const ours = join(root, DOCS_DIR, doc)
    const theirs = join(sharedDir, doc)
    if (!existsSync(theirs)) drift.push(`${doc}: not in ${sharedDir}`)
    else if (!existsSync(ours)) drift.push(`${doc}: missing from ${DOCS_DIR}/`)
    else if (splitCopy(readFileSync(ours, 'utf8')).body !== readFileSync(theirs, 'utf8')) drift.push(`${doc}: differs from ${theirs}`)
  }
  // A new contract or spec file there must be brought in too.
  for (const folder of ['contracts', 'spec']) {
    const dir = join(sharedDir, folder)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
      if (!DOCUMENTS.includes(`${folder}/${name}`)) drift.push(`${folder}/${name}: in ${sharedDir} but not in ${DOCS_DIR}/`)
    }
  }
  return drift
}

/** Copies every document from `sharedDir` into docs/, each under its header; returns those that changed. */
export function syncDocs(root: string, sharedDir: string): string[] {
  const changed: string[] = []
  for (const doc of DOCUMENTS) {
    const body = readFileSync(join(sharedDir, doc), 'utf8')
    const path = join(root, DOCS_DIR, doc)
    const next = copyHeader(doc, body) + body
    if (existsSync(path) && readFileSync(path, 'utf8') === next) continue
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, next)
    changed.push(doc)
  }
  return changed
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
  if (process.argv.includes('--sync')) {
    const changed = syncDocs(root, resolve(root, '../shared'))
    console.log(`docs-refs: copied ${changed.length} document(s) from ../shared/${changed.length ? `:\n  ${changed.join('\n  ')}` : ''}`)
  }
  if (process.argv.includes('--fix')) {
    const changed = fixRepo(root)
    console.log(`docs-refs: rewrote ${changed.length} file(s)${changed.length ? `:\n  ${changed.join('\n  ')}` : ''}`)
  }
  const bad = checkRepo(root)
  for (const { file, line, ref, why } of bad) console.error(`${file}:${line}: ${ref}: ${why}`)
  if (bad.length > 0) process.exit(1)
  console.log('docs-refs: every document reference resolves in docs/')
}
