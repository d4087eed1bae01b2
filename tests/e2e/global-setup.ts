/**
 * Browser-test setup: checks that Chromium and the CJK and emoji fonts are installed (it installs
 * nothing: `.ci/run` does, on a fresh machine), builds the pages (unless
 * E2E_SKIP_BUILD=1 and a build exists), and starts the reference server on a random loopback port with
 * a fresh database. Tests read the address with `inject('baseUrl')`.
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { build } from 'vite'
import { startServer } from '../../server/start'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

const root = resolve(import.meta.dirname, '../..')

/** Fails with what to install when the browser or the fonts the screenshots need are missing. */
function ensureBrowser(): void {
  const missing: string[] = []
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium')
  for (const fonts of ['fonts-noto-cjk', 'fonts-noto-color-emoji']) {
    try {
      execSync(`dpkg -s ${fonts}`, { stdio: 'ignore' })
    } catch {
      missing.push(fonts)
    }
  }
  if (missing.length === 0) return
  throw new Error(
    `The browser tests need ${missing.join(', ')}, which this machine lacks. ` +
      `Run .ci/run (it installs them), or: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
  )
}

export default async function setup(project: TestProject) {
  ensureBrowser()
  const distDir = join(root, 'dist')
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(distDir, 'index.html'))) {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' })
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kids-e2e-'))
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir })
  project.provide('baseUrl', server.url)
  return async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
