import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MSG_UPGRADE_APP } from '@shared/bridge'

const root = resolve(import.meta.dirname, '../../..')

/** The page and library sources (not tests, not docs) under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [relative(root, path)] : []
  })
}

describe('请升级App到最新版本', () => {
  it('is written once, as MSG_UPGRADE_APP; pages and hooks use the constant', () => {
    const files = [...sources(join(root, 'pages')), ...sources(join(root, 'shared'))]
    const writing = files.filter((file) => readFileSync(join(root, file), 'utf8').includes(MSG_UPGRADE_APP))
    expect(writing).toEqual(['shared/bridge/missing-call.ts'])
  })
})
