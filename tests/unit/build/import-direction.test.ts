// @vitest-environment node
/** The lint rule that keeps imports flowing one way (scripts/eslint-import-direction.js). */
import { resolve } from 'node:path'
import { Linter } from 'eslint'
import { describe, expect, it } from 'vitest'
import local from '../../../scripts/eslint-import-direction.js'

const root = resolve(import.meta.dirname, '../../..')
const linter = new Linter({ configType: 'flat' })
const config = [{ files: ['**/*.js'], plugins: { local }, rules: { 'local/import-direction': 'error' as const } }]

/** The rule's complaints about `file` (repo-relative) importing `spec`. */
const complaints = (file: string, spec: string) =>
  linter.verify(`import x from '${spec}'\nexport default x\n`, config, { filename: resolve(root, file) }).map((m) => m.message)

describe('import direction', () => {
  it('keeps the server away from the build, CI and bench code: it reads what the build writes', () => {
    expect(complaints('server/web/x.js', '../../scripts/routes.ts')).toEqual([expect.stringContaining('server/ must not import scripts/')])
    expect(complaints('server/x.js', '../bench/lib/targets.ts')).toHaveLength(1)
  })

  it('keeps CI and the build away from the bench', () => {
    expect(complaints('scripts/budgets.js', '../bench/lib/stats.ts')).toEqual([
      expect.stringContaining('scripts/ (build and CI) must not import bench/'),
    ])
  })

  it('lets the bench use the build and CI code', () => {
    expect(complaints('bench/run.js', '../scripts/page-weight.ts')).toEqual([])
  })

  it('keeps browser code away from scripts/, bench/ and server/', () => {
    expect(complaints('shared/x/y.js', '../../scripts/routes.ts')).toHaveLength(1)
    expect(complaints('shared/x/y.js', '@shared/../server/seed/demo.ts')).toHaveLength(1)
    expect(complaints('pages/home/page.js', '../../bench/lib/floor.ts')).toHaveLength(1)
  })

  it("lets the build read the pages' shared code", () => {
    expect(complaints('scripts/pages/descriptors.js', '../../shared/app/define-page.ts')).toEqual([])
  })
})
