// @vitest-environment node
/**
 * The boundaries of eslint.config.js, as ESLint applies them: imports flow one way (docs/style.md 2), shared/'s
 * layers never import upwards, no loop of files, and the React-free core stays React-free. Each case lints a
 * small file written into the folder it stands for (so imports resolve as the build resolves them), then
 * deletes it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it, vi } from 'vitest'

// ESLint takes seconds to start, more on a busy machine.
vi.setConfig({ testTimeout: 120_000 })

const root = resolve(import.meta.dirname, '../../..')
// The project's config without its type-aware rules and the TypeScript program they need (typescript-eslint's
// own switch): the boundaries are import rules, and the program took most of this file's 24 s on CI.
// The probes are in eslint.config.js's ignores (npm run lint runs beside this file): `ignore: false` lints them.
const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: tseslint.configs.disableTypeChecked })
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** A scratch folder inside `folder` (repo-relative), deleted after the file. */
function scratch(folder: string): string {
  mkdirSync(join(root, folder), { recursive: true })
  const dir = mkdtempSync(join(root, folder, 'lint-probe-'))
  made.push(dir)
  return dir
}

/** The boundary complaints (rule id and message) about `source` as the file `name` in `folder`. */
async function complaints(folder: string, source: string, name = 'probe.ts'): Promise<string[]> {
  const file = join(scratch(folder), name)
  writeFileSync(file, source)
  const [result] = await eslint.lintFiles([relative(root, file)])
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'local/no-cycle' || m.ruleId?.startsWith('no-restricted'))
    .map((m) => `${m.ruleId}: ${m.message}`)
}

const use = (spec: string) => `import * as x from '${spec}'\nexport const y = x\n`

describe('imports flow one way', () => {
  it('keeps a page out of another page, and lets it use its own folder and shared/', async () => {
    expect(await complaints('pages/vip_sale', use('../../price_up/page'))).toEqual([
      expect.stringContaining('pages must not import each other'),
    ])
    expect(await complaints('pages/generate_book/list', use('../../create/folder-form'))).toHaveLength(1)
    expect(await complaints('pages/vip_sale', use('../page'))).toEqual([])
    expect(await complaints('pages/vip_sale', use('@shared/format'))).toEqual([])
  })

  it('keeps browser code away from the server, the tools, the bench and the tests, and shared/ away from the pages', async () => {
    expect(await complaints('shared/format', use('../../../server/seed/demo'))).toEqual([
      expect.stringContaining('browser code must not import server/'),
    ])
    expect(await complaints('pages/home', use('../../../scripts/build/routes'))).toHaveLength(1)
    expect(await complaints('shared/format', use('../../../pages/home/page'))).toEqual([
      expect.stringContaining('shared/ must not import a page'),
    ])
  })

  it('keeps the server away from the build, the bench and the browser code: it reads what the build writes', async () => {
    expect(await complaints('server/http', use('../../../scripts/build/routes'))).toEqual([
      expect.stringContaining('server/ must not import scripts/'),
    ])
    expect(await complaints('server/http', use('../../../bench/lib/stats'))).toHaveLength(1)
    expect(await complaints('server/http', use('@shared/format'))).toHaveLength(1)
  })

  it('keeps the tools away from the server, the bench and the tests; the bench may use the tools', async () => {
    expect(await complaints('scripts/build', use('../../../bench/lib/stats'))).toEqual([
      expect.stringContaining('scripts/ (build, delivery, docs and test tools) must not import bench/'),
    ])
    expect(await complaints('scripts/delivery', use('../../../server/seed/demo'))).toHaveLength(1)
    expect(await complaints('bench/lib', use('../../../scripts/build/routes'))).toEqual([])
  })

  it('lets the server and the build share common/, which imports nothing of the repo', async () => {
    expect(await complaints('server/web', use('../../../common/inline-script-hashes'))).toEqual([])
    expect(await complaints('scripts/build', use('../../../common/inline-script-hashes'))).toEqual([])
    expect(await complaints('common', use('../../server/paths'))).toHaveLength(1)
  })
})

describe("shared/'s layers", () => {
  it('let a component use a hook, and a hook the toast, but never a hook a component (no layer loop)', async () => {
    expect(await complaints('shared/components/empty', use('../../../hooks/use-in-app'))).toEqual([])
    expect(await complaints('shared/hooks', use('../../components/toast'))).toEqual([])
    expect(await complaints('shared/hooks', use('../../components/empty'))).toEqual([
      expect.stringContaining('shared/hooks is below shared/components'),
    ])
  })

  it('keep the core below the UI: the http layer cannot reach up to the share viewer', async () => {
    expect(await complaints('shared/http', use('../../recorded-work/viewer/render-slide'))).toEqual(
      expect.arrayContaining([expect.stringContaining('shared/http is below shared/recorded-work')]),
    )
  })
})

describe('the React-free core', () => {
  it('refuses React, and anything of shared/ outside the core', async () => {
    expect(await complaints('shared/bridge', use('react'))).toEqual([expect.stringContaining('React-free core')])
    expect(await complaints('shared/recorded-work/player', use('react-dom/client'))).toHaveLength(1)
    expect(await complaints('shared/env', use('../../components/toast'))).toEqual(
      expect.arrayContaining([expect.stringContaining('shared/env is React-free core: it must not import shared/components/toast')]),
    )
  })

  it('has no .tsx file; in book-folder and app only the .ts files are core', async () => {
    expect(await complaints('shared/format', 'export const x = 1\n', 'probe.tsx')).toEqual([expect.stringContaining('no .tsx files here')])
    expect(await complaints('shared/book-folder', use('react'))).toHaveLength(1)
    expect(await complaints('shared/app', use('react'), 'probe.tsx')).toEqual([])
  })
})

describe('no loop of files', () => {
  it('refuses two files that import each other, type-only imports included', async () => {
    const dir = scratch('shared/format')
    writeFileSync(join(dir, 'a.ts'), `import { b } from './b'\nexport const a = () => b\n`)
    writeFileSync(join(dir, 'b.ts'), `import { a } from './a'\nexport const b = () => a\n`)
    writeFileSync(join(dir, 'c.ts'), `import type { D } from './d'\nexport type C = D\n`)
    writeFileSync(join(dir, 'd.ts'), `import type { C } from './c'\nexport type D = { c?: C }\n`)
    writeFileSync(join(dir, 'e.ts'), `import type { A } from './f'\nexport const e = (x: A) => x\n`)
    writeFileSync(join(dir, 'f.ts'), `export type A = number\n`)
    const results = await eslint.lintFiles([relative(root, dir)])
    const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/no-cycle').map(() => relative(dir, r.filePath)))
    expect(cycles.sort()).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts'])
  })
})

describe("scripts/delivery/'s layers", () => {
  it('let a run step use a store, and never a store a run step, nor the release records the command line', async () => {
    expect(await complaints('scripts/delivery/run', use('../../store/open-store'))).toEqual([])
    expect(await complaints('scripts/delivery/store', use('../../run/context'))).toEqual([
      expect.stringContaining('scripts/delivery/run/ is above scripts/delivery/store'),
    ])
    expect(await complaints('scripts/delivery/releases', use('../../cli/format'))).toHaveLength(1)
  })
})
