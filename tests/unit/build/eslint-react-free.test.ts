import { resolve } from 'node:path'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import reactFree from '../../../scripts/eslint-react-free.js'

const root = resolve(import.meta.dirname, '../../..')

/** The rule's messages for `code` as if it were the repo file `path`. */
function lint(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root })
  const config = {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { 'react-free': reactFree },
    rules: { 'react-free/core': 'error' as const },
  }
  return linter.verify(code, [config], resolve(root, path)).map((message) => message.message)
}

describe('react-free/core', () => {
  it('refuses react and react-dom in the bridge', () => {
    expect(lint('shared/bridge/x.ts', "import { useState } from 'react'")).toEqual([
      'shared/bridge is React-free core: it must not import react',
    ])
    expect(lint('shared/http/x.ts', "import { createRoot } from 'react-dom/client'")).toHaveLength(1)
  })

  it('refuses the UI components however they are named', () => {
    expect(lint('shared/bridge/decrypt-queue.ts', "import { toast } from '@shared/components/toast'")).toEqual([
      'shared/bridge is React-free core: it must not import shared/components/toast/index.ts (report to the page layer instead)',
    ])
    expect(lint('shared/recorded-work/player/x.ts', "export * from '../../components/toast'")).toHaveLength(1)
    expect(lint('shared/format/x.ts', "const hooks = () => import('../hooks/use-in-app')")).toHaveLength(1)
  })

  it('lets the core import the core and packages other than React', () => {
    const code =
      "import { getEnv } from '../env'\nimport { v4 } from 'uuid'\nimport type { AudioSource } from '@shared/recorded-work/player/types'"
    expect(lint('shared/bridge/x.ts', code)).toEqual([])
    expect(lint('shared/book-folder/rules.ts', "import { versionGte } from '../env/version'")).toEqual([])
  })

  it('counts only the .ts files of the folder rules as core, and no .tsx anywhere in the core', () => {
    expect(lint('shared/book-folder/card.tsx', "import { useState } from 'react'")).toEqual([])
    expect(lint('shared/bridge/x.tsx', 'export const a = 1')).toEqual(['shared/bridge is React-free core: no .tsx files here'])
  })

  it('leaves the page layer alone', () => {
    expect(lint('shared/app/mount-page.tsx', "import { toast } from '@shared/components/toast'")).toEqual([])
    expect(lint('pages/price_up/main.tsx', "import { useState } from 'react'")).toEqual([])
  })
})
