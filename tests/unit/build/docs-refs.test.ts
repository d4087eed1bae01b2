import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { badRefs, checkRepo, copyHeader, DOCUMENTS, docsDrift, docsTampered, rewriteRefs, syncDocs } from '../../../scripts/docs/docs-refs'

const root = resolve(import.meta.dirname, '../../..')
/**
 * The product's shared folder, when the repo is checked out beside it (the coordinator's main), or when
 * it is a git worktree of such a checkout (`.git` is then a file: `gitdir: <main>/.git/worktrees/<name>`).
 */
function sharedBeside(): string {
  const beside = resolve(root, '../shared')
  const git = join(root, '.git')
  if (existsSync(beside) || !existsSync(git) || !statSync(git).isFile()) return beside
  const gitdir = /^gitdir: (.+)$/m.exec(readFileSync(git, 'utf8'))?.[1]?.trim()
  return gitdir ? resolve(gitdir, '../../../../shared') : beside
}
const shared = sharedBeside()

describe('document references in the repo', () => {
  it('every reference in the sources and READMEs resolves to a file and section in docs/', () => {
    const bad = checkRepo(root).map(({ file, line, ref, why }) => `${file}:${line}: ${ref}: ${why}`)
    expect(bad).toEqual([])
  })

  it('docs/ holds each document as copied, under the line naming its source (checked with or without ../shared/)', () => {
    expect(docsTampered(root)).toEqual([])
  })

  it('docs/ is the copy of ../shared/ beside the repo', () => {
    // A change of ../shared/ updates docs/ in the same commit: npx tsx scripts/docs/docs-refs.ts --sync.
    if (!existsSync(shared)) {
      // Said, not skipped in silence: the copies were still checked against what they say they copied.
      console.warn(`docs-refs: ${shared} is not beside this checkout; docs/ was checked against its own copy lines only`)
      return
    }
    expect(docsDrift(root, shared)).toEqual([])
  })
})

describe('rewriteRefs', () => {
  it('points the old bare names into docs/', () => {
    expect(rewriteRefs('(contracts/api.md) and bridge.md, user-agent.md: see decisions.md and style.md 5')).toBe(
      '(docs/contracts/api.md) and docs/contracts/bridge.md, docs/contracts/user-agent.md: see docs/decisions.md and docs/style.md 5',
    )
    expect(rewriteRefs('the share title (spec §6); Spec §2: the home page; ../shared/spec/product-spec.md')).toBe(
      'the share title (docs/spec/product-spec.md §6); docs/spec/product-spec.md §2: the home page; docs/spec/product-spec.md',
    )
  })

  it('leaves references already in docs/ and look-alike names alone, so it can run again', () => {
    const text = 'docs/contracts/ui-text.md, docs/spec/product-spec.md §4, §9, openapi.md, my-style.md, spec.startsWith'
    expect(rewriteRefs(text)).toBe(text)
    const once = rewriteRefs('spec §4 and contracts/bridge.md')
    expect(rewriteRefs(once)).toBe(once)
  })
})

describe('badRefs', () => {
  const sections = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9])
  const why = (text: string) => badRefs(root, 'x.ts', text, sections).map((bad) => bad.why)

  it('accepts a docs path that exists and spec sections that exist', () => {
    expect(why('// docs/contracts/bridge.md "Native decrypt queue", docs/spec/product-spec.md §4, §9 and §2/§9')).toEqual([])
  })

  it('reports old-style names, a docs path that does not exist, a missing section and a bare section sign', () => {
    expect(why('see bridge.md')).toEqual(['old-style reference: run `npx tsx scripts/docs/docs-refs.ts --fix`'])
    expect(why('see docs/contracts/payments.md')).toEqual(['docs/contracts/payments.md does not exist'])
    expect(why('docs/spec/product-spec.md §2, §10')).toEqual(['the spec has no section 10'])
    expect(why('the error catalogue (§8)')).toEqual(['a section sign without its document: write `docs/spec/product-spec.md §N`'])
  })
})

describe('docsDrift', () => {
  /** A repo with docs/ and a shared folder beside it, both holding every document. */
  function pair(): { repo: string; sharedDir: string } {
    const dir = mkdtempSync(join(tmpdir(), 'docs-'))
    const sharedDir = join(dir, 'shared')
    for (const doc of DOCUMENTS) {
      mkdirSync(join(sharedDir, doc, '..'), { recursive: true })
      writeFileSync(join(sharedDir, doc), `# ${doc}\n`)
    }
    const repo = join(dir, 'repo')
    cpSync(sharedDir, join(repo, 'docs'), { recursive: true })
    return { repo, sharedDir }
  }

  it('is empty while docs/ matches the shared folder', () => {
    const { repo, sharedDir } = pair()
    expect(docsDrift(repo, sharedDir)).toEqual([])
  })

  it('syncs every document under its copy line, which then finds any hand edit without the shared folder', () => {
    const { repo, sharedDir } = pair()
    expect(docsTampered(repo)).toEqual(DOCUMENTS.map((doc) => `${doc}: no first line naming where it was copied from`))
    expect(syncDocs(repo, sharedDir)).toEqual(DOCUMENTS)
    expect(readFileSync(join(repo, 'docs/style.md'), 'utf8')).toBe(`${copyHeader('style.md', '# style.md\n')}# style.md\n`)
    expect(docsTampered(repo)).toEqual([])
    expect(docsDrift(repo, sharedDir)).toEqual([])
    writeFileSync(join(repo, 'docs/style.md'), readFileSync(join(repo, 'docs/style.md'), 'utf8') + 'edited here\n')
    expect(docsTampered(repo)).toEqual(['style.md: edited in docs/; edit ../shared/style.md and sync instead'])
  })

  it('names a document changed there but not here, and a new contract not brought in', () => {
    const { repo, sharedDir } = pair()
    writeFileSync(join(sharedDir, 'contracts/bridge.md'), '# bridge, with a new call\n')
    writeFileSync(join(sharedDir, 'contracts/payments.md'), '# payments\n')
    expect(docsDrift(repo, sharedDir)).toEqual([
      `contracts/bridge.md: differs from ${join(sharedDir, 'contracts/bridge.md')}`,
      `contracts/payments.md: in ${sharedDir} but not in docs/`,
    ])
  })
})
