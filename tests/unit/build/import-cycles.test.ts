import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeCycles } from '../../../scripts/import-cycles'

/** A repo in a temp folder with `files` (path → source). */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cycles-'))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), source)
  }
  return root
}

describe('import cycle check', () => {
  it('passes a tree whose imports run one way', () => {
    const root = repo({
      'shared/env/index.ts': "import { BRAND } from '../config/brand'",
      'shared/config/brand.ts': 'export const BRAND = 1',
      'pages/home/main.tsx': "import '@shared/env'\nimport './home.css'",
    })
    expect(describeCycles(root, [])).toEqual([])
  })

  it('finds two files that import each other, through export-from and dynamic import too', () => {
    const root = repo({
      'shared/http/a.ts': "export * from './b'",
      'shared/http/b.ts': "const load = () => import('./a')",
    })
    expect(describeCycles(root, [])).toEqual(['file cycle: shared/http/a.ts → shared/http/b.ts → shared/http/a.ts'])
  })

  it('finds two folders that import each other even when no chain of files loops', () => {
    const root = repo({
      'shared/env/index.ts': "import { has } from '../bridge/transports'",
      'shared/bridge/transports.ts': 'export const has = 1',
      'shared/bridge/user.ts': "import { getEnv } from '@shared/env'",
    })
    expect(describeCycles(root, [])).toEqual(['folder cycle: shared/bridge → shared/env → shared/bridge'])
  })

  it('leaves out type-only imports and re-exports: the compiler erases them', () => {
    const root = repo({
      'server/repositories/grants.ts':
        "import type { Grant } from '../cloud-drive/provider'\nexport type { Grant } from '../cloud-drive/provider'",
      'server/cloud-drive/provider.ts': "import { findGrant } from '../repositories/grants'\nexport type Grant = 1",
    })
    expect(describeCycles(root, [])).toEqual([])
    // `import { type A }` still loads the module (verbatimModuleSyntax keeps the import): it counts.
    writeFileSync(join(root, 'server/repositories/grants.ts'), "import { type Grant } from '../cloud-drive/provider'")
    expect(describeCycles(root, [])).toEqual([
      'file cycle: server/cloud-drive/provider.ts → server/repositories/grants.ts → server/cloud-drive/provider.ts',
      'folder cycle: server/cloud-drive → server/repositories → server/cloud-drive',
    ])
  })

  it('lets a folder import its own subfolders', () => {
    const root = repo({
      'shared/recorded-work/share-work.ts': "import type { Work } from './data'",
      'shared/recorded-work/data/index.ts': 'export type Work = 1',
    })
    expect(describeCycles(root, [])).toEqual([])
  })

  it('accepts a known folder cycle only while it exists', () => {
    const root = repo({
      'scripts/budgets.ts': "import '../bench/lib/weight'",
      'bench/lib/weight.ts': "import '../../scripts/routes'",
      'scripts/routes.ts': '',
    })
    expect(describeCycles(root, ['bench/lib + scripts'])).toEqual([])
    expect(describeCycles(repo({ 'scripts/routes.ts': '' }), ['bench/lib + scripts'])).toEqual([
      'known folder cycle bench/lib + scripts is gone: delete it from KNOWN_FOLDER_CYCLES',
    ])
  })
})
