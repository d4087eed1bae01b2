import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import LongestFirstSequencer from './scripts/test/longest-first-sequencer.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const shared = join(root, 'shared')

/**
 * The unit test files that replace a module with `vi.mock`. They need a module graph of their own (a
 * module another file already imported would stay unmocked), so they run isolated; the other unit files
 * share one graph and one happy-dom per worker, which takes a quarter of the CPU.
 */
const MOCKING_UNIT_FILES = readdirSync(join(root, 'tests/unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(root, 'tests/unit', file), 'utf8').includes('vi.mock('))
  .map((file) => `tests/unit/${file.replaceAll('\\', '/')}`)

export default defineConfig({
  resolve: { alias: { '@shared': shared } },
  test: {
    reporters: ['default', './scripts/test/vitest-summary-reporter.ts'],
    // Two test files at a time, of any project: on CI's 2 cores the browser journeys (mostly waiting for
    // pages, audio and timers) overlap well. The e2e global setup starts one reference server per worker.
    // Three, tried beside a bench, failed 7 files on time (a server start, a back-forward restore, S3 retries).
    maxWorkers: 2,
    // The longest files first, across the projects (scripts/test/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [react()],
        resolve: { alias: { '@shared': shared } },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: MOCKING_UNIT_FILES,
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@shared': shared } },
        test: {
          name: 'unit-mocking',
          include: MOCKING_UNIT_FILES,
          environment: 'happy-dom',
          // CSS modules as the build makes them: a class a module lacks is no class (the first screen's
          // equivalence test compares React's DOM with the built head script's), not one made up.
          css: { include: [/\.module\.css$/] },
          setupFiles: ['tests/unit/setup.ts'],
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file in a process of its own. Sharing one per worker (isolate: false) halved the project's CPU
          // (10 small files, one worker: 213 s → 114 s), but in one of three CI runs Node 24.21's V8 aborted
          // such a worker (ThreadIsolation::UnregisterWasmAllocation) after many PGlite instances came and went
          // in it: kept off until that is understood.
          // One PGlite instance per test file (at most maxWorkers at once).
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The journeys read the pages' descriptors (pages/<route>/page.ts) as the build does.
        resolve: { alias: { '@shared': shared } },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/webkit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Real server processes on the CI's PostgreSQL and s3rver (tests/cluster/README.md).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'delivery',
          include: ['tests/delivery/**/*.test.ts'],
          environment: 'node',
          // Builds the repo twice, once for all the files (tests/delivery/global-setup.ts).
          globalSetup: ['tests/delivery/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
