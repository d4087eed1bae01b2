/**
 * The pages built into a folder of their own for an API on another origin (`VITE_API_BASE`), as the
 * journeys that deploy a build need them: the canary and the watched deploy (as production builds them:
 * vitest's NODE_ENV=test would give React's development build), the API on another origin.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import type { PagesManifest } from '../../../scripts/delivery/manifest'

const root = resolve(import.meta.dirname, '../../..')

/** Builds the pages into `outDir` for the API at `apiBase`; `production`: with NODE_ENV=production. Returns their manifest. */
export async function buildPages(outDir: string, apiBase: string, { production = false } = {}): Promise<PagesManifest> {
  const nodeEnv = process.env.NODE_ENV
  process.env.VITE_API_BASE = apiBase
  if (production) process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, rolldownOptions: { checks: { bundlerTimings: false } } },
    })
  } finally {
    delete process.env.VITE_API_BASE
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  return JSON.parse(readFileSync(join(outDir, 'pages-manifest.json'), 'utf8')) as PagesManifest
}
