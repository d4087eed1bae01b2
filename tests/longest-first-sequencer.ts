import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Seconds a test file took on CI (2 cores, the whole suite running): the files that take longest. Only
 * the order of the run depends on these figures, so rough is enough; a file missing here counts as its
 * project's typical file ({@link TYPICAL}).
 */
const SLOW_FILES: Record<string, number> = {
  // A build, then a 25 s watched deploy on real Chromium and WebKit views; a local run alone, not CI.
  'tests/e2e/watched-deploy.test.ts': 60,
  'tests/e2e/recorded-share-picture-book.test.ts': 52,
  'tests/e2e/recorded-share-words.test.ts': 32,
  'tests/e2e/link-walk-app.test.ts': 26,
  'tests/e2e/accessibility-app.test.ts': 40,
  'tests/webkit/webkit.test.ts': 33,
  'tests/webkit/back-forward.test.ts': 16,
  'tests/e2e/cloud-drive.test.ts': 24,
  'tests/e2e/book-folders.test.ts': 24,
  'tests/e2e/accessibility-browser.test.ts': 33,
  'tests/e2e/link-walk-browser.test.ts': 19,
  'tests/server/cloud-drive-restart.test.ts': 17,
  'tests/e2e/recorded-share.test.ts': 17,
  'tests/e2e/open-in-app.test.ts': 15,
  'tests/e2e/accessibility.test.ts': 15,
  'tests/e2e/no-dead-ends.test.ts': 24,
  'tests/e2e/smoke.test.ts': 13,
  'tests/e2e/cross-origin.test.ts': 13,
  'tests/e2e/storage-pages.test.ts': 9,
  // Deploys to s3rver through the CLI (tests/delivery/helpers/s3-server.ts); figures from a local run, not CI.
  'tests/delivery/s3-recovery.test.ts': 43,
  'tests/delivery/s3-deploy.test.ts': 24,
  'tests/delivery/recovery.test.ts': 24,
  'tests/delivery/watch.test.ts': 15,
  'tests/delivery/health.test.ts': 10,
}

/** Seconds of a file of each project not listed in {@link SLOW_FILES}. */
const TYPICAL: Record<string, number> = { e2e: 10, server: 3, delivery: 2, 'unit-mocking': 1, unit: 0.3 }

/**
 * Runs the longest test files first, across all projects. Vitest's own order runs the projects one after
 * another and, in a fresh clone (no results cache), each project's largest files first; but a file's
 * size says little about how long a browser journey takes (the link walk is a few lines calling a long
 * walk), and a 90 s file started last keeps one worker busy while the other idles. Longest first, the
 * two workers finish within a short file of each other. With a results cache (after a local run), its
 * measured durations are used instead of the figures above.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const seconds = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId).split('\\').join('/')
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)
      if (cached && !cached.failed) return cached.duration / 1000
      return SLOW_FILES[file] ?? TYPICAL[spec.project.name] ?? 1
    }
    const estimate = new Map(files.map((spec) => [spec, seconds(spec)]))
    return Promise.resolve([...files].sort((a, b) => estimate.get(b)! - estimate.get(a)!))
  }
}
