/**
 * Skipping a test for a reason of the machine's, with the reason: the run's last lines list every skipped test
 * by project and file with it (scripts/test/vitest-summary-reporter.ts), so that "0 failed" never hides
 * "not run".
 *
 *   describe('on PostgreSQL', skipBecause(url ? null : 'TEST_DATABASE_URL is not set: …'), () => { … })
 *   it('opens in poppler', skipBecause(hasPdfinfo ? null : 'pdfinfo is not installed (apt-get install poppler-utils)'), () => { … })
 *
 * In place of `describe.skipIf(condition)`, which gives the report no reason: a test skipped without one
 * (`it.skip`, `describe.skip`, `.only` elsewhere, a `-t` filter) is listed as such.
 */
import type { TestOptions } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test (or every test of the describe) is skipped on this machine. */
    skipReason?: string
  }
}

/** The options of a `describe` or `it` that is skipped when `why` is a reason, and runs when it is null. */
export function skipBecause(why: string | null): TestOptions {
  return why === null ? {} : { skip: true, meta: { skipReason: why } }
}
