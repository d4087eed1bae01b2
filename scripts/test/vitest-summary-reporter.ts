import type { Reporter, TestCase, TestModule } from 'vitest/node'
import './skip-because'

/**
 * Closes the run, after vitest's own report, with what was not run and a plain count, so that CI logs end
 * with lines any reader (or log scraper) understands and "0 failed" never hides "not run":
 *
 *   Skipped, by project and file, with the reason each gives:
 *     server: 12
 *       tests/server/pg-db.test.ts (12): TEST_DATABASE_URL is not set: …
 *   Errors outside any test (a hook, or a file that failed to load: it counts no tests) in: tests/server/broken.test.ts
 *   Tests: N passed, N failed, N skipped
 *
 * The reason is the one given with `skipBecause` (scripts/test/skip-because.ts) or `ctx.skip(note)`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    /** project → file → reason → how many. */
    const skipped = new Map<string, Map<string, Map<string, number>>>()
    const brokenFiles: string[] = []
    for (const module of testModules) {
      const suitesFailed = [...module.children.allSuites()].some((suite) => suite.errors().length > 0)
      if (module.errors().length > 0 || suitesFailed) brokenFiles.push(module.relativeModuleId)
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else {
          counts.skipped++
          const project = test.project.name || '(no project)'
          const files = skipped.get(project) ?? skipped.set(project, new Map()).get(project)!
          const reasons = files.get(module.relativeModuleId) ?? files.set(module.relativeModuleId, new Map()).get(module.relativeModuleId)!
          const reason = reasonOf(test)
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        }
      }
    }
    let out = ''
    if (skipped.size > 0) {
      out += '\nSkipped, by project and file, with the reason each gives:\n'
      for (const [project, files] of [...skipped].sort(([a], [b]) => a.localeCompare(b))) {
        const total = [...files.values()].flatMap((reasons) => [...reasons.values()]).reduce((sum, n) => sum + n, 0)
        out += `  ${project}: ${total}\n`
        for (const [file, reasons] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
          for (const [reason, n] of reasons) out += `    ${file} (${n}): ${reason}\n`
        }
      }
    }
    if (brokenFiles.length > 0)
      out += `\nErrors outside any test (a hook, or a file that failed to load: it counts no tests) in: ${brokenFiles.sort().join(', ')}\n`
    process.stdout.write(`${out}\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`)
  }
}

function reasonOf(test: TestCase): string {
  const result = test.result()
  if (result.state === 'pending') return 'not run: the run ended before it (interrupted, or --bail)'
  if (result.state === 'skipped' && result.note) return result.note
  const reason = test.meta().skipReason
  if (reason) return reason
  if (test.options.mode === 'todo') return 'a todo'
  if (test.options.mode === 'skip') return 'no reason given (it.skip or describe.skip, .only elsewhere, or a -t filter)'
  // Meant to run: what failed around it (a beforeAll, the file) is among the errors above.
  for (let parent = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) {
      return parent.type === 'module'
        ? 'not run: its file failed (the error is above)'
        : `not run: "${parent.name}" failed before it (the error is above)`
    }
    if (parent.type === 'module') return 'skipped while running (ctx.skip without a note)'
  }
}
