/**
 * Browser-test setup: builds the pages (unless E2E_SKIP_BUILD=1 and a build exists), and starts one
 * reference server per worker, each on a random loopback port with a fresh database of its own (a copy of
 * the migrated template, tests/server/helpers/test-db.ts; tests mutate demo data, so two files running
 * side by side must never share one), seeded with the demo data
 * and the quick shares (support/quick-shares.ts). Tests reach theirs with `serverUrl()` (support/server.ts).
 * It checks for no browser: a machine without one still runs every other project, and each journey
 * fails with what to install (support/browser.ts).
 */
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { build } from 'vite'
import { openDb } from '../../server/db/open-db'
import { seedIfEmpty } from '../../server/seed/seed'
import { startServer } from '../../server/start'
import { templateCopy } from '../server/helpers/test-db'
import { seedQuickShares } from './support/quick-shares'
import './support/server'

const root = resolve(import.meta.dirname, '../..')

export default async function setup(project: TestProject) {
  const distDir = join(root, 'dist')
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(join(distDir, 'index.html'))) {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' })
  }
  // Copies of the migrated PGlite template the server tests open (tests/server/helpers/test-db.ts): a new
  // folder made, migrated and seeded took 5.2-6.2 s of CPU, a copy seeded 2.0-2.1 s. One after the other, so
  // the first makes the template (in a fresh checkout) and the others copy it.
  const dataDirs: string[] = []
  for (let i = 0; i < workerCount(project); i++) dataDirs.push(await templateCopy())
  const servers = await Promise.all(
    dataDirs.map(async (dataDir) => {
      // The demo data, and the quick copies of two demo shares for the long audio journeys (support/quick-shares.ts).
      const db = await openDb({ dataDir })
      try {
        await seedIfEmpty(db)
        await seedQuickShares(db, join(dataDir, 'uploads'))
      } finally {
        await db.close()
      }
      return startServer({ port: 0, host: '127.0.0.1', dataDir, distDir })
    }),
  )
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  )
  return async () => {
    await Promise.all(servers.map((server) => server.close()))
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  }
}

/** How many files of this project may run at once: the numbers `VITEST_POOL_ID` takes (1…n). */
function workerCount(project: TestProject): number {
  const max = project.config.maxWorkers || project.vitest.config.maxWorkers
  if (typeof max !== 'number' || max < 1) throw new Error(`e2e global setup: cannot tell the worker count (maxWorkers ${String(max)})`)
  return max
}
